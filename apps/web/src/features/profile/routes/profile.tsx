import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /profile (spec point 2). Its content arrives in a later issue. */
export function ProfilePage() {
  usePageTitle('Profile');

  return <Title order={1}>Profile</Title>;
}
