import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /create-notes (spec point 2). Its content arrives in a later issue. */
export function CreateNotesPage() {
  usePageTitle('Create Notes');

  return <Title order={1}>Create Notes</Title>;
}
