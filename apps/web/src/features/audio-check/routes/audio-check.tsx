import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /audio-check (spec point 2). Its content arrives in a later issue. */
export function AudioCheckPage() {
  usePageTitle('Audio Check');

  return <Title order={1}>Audio Check</Title>;
}
