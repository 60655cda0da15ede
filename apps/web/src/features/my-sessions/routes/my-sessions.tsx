import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /my-sessions (spec point 2). Its content arrives in a later issue. */
export function MySessionsPage() {
  usePageTitle('My Sessions');

  return <Title order={1}>My Sessions</Title>;
}
