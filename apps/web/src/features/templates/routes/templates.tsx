import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /templates (spec point 2). Its content arrives in a later issue. */
export function TemplatesPage() {
  usePageTitle('Templates');

  return <Title order={1}>Templates</Title>;
}
