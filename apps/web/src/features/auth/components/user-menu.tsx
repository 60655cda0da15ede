import type { CurrentUser } from '@clerkly/contracts';
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../api/sign-out';
import { useAuth } from '../../../lib/auth/use-auth';

/** Avatar initials: first letters of first and last name, upper-cased (spec point 2). */
export const getInitials = ({ firstName, lastName }: Pick<CurrentUser, 'firstName' | 'lastName'>) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** The avatar menu of the top bar: who is signed in, and Logout. */
export function UserMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;

  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = getInitials(user);

  return (
    // In the top bar's landmark rather than a portal at the end of the page (issue 14).
    <Menu position="bottom-end" width={260} shadow="md" withinPortal={false}>
      <Menu.Target>
        {/* The name starts with the initials it shows (WCAG 2.5.3 "label in name"), so a
            voice-control user can say what they see (issue 14). */}
        <UnstyledButton aria-label={`${initials} – Open user menu`}>
          <Avatar color="cyan" radius="xl">
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds menu items and groups; who is signed in is a labelled group. */}
        <Box px="sm" py="xs" role="group" aria-label="Signed in as">
          <Text fw={600} truncate>
            {fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
