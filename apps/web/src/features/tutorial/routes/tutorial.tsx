import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /tutorial (spec point 2). Its content arrives in a later issue. */
export function TutorialPage() {
  usePageTitle('Tutorial');

  return <Title order={1}>Tutorial</Title>;
}
