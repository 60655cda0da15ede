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

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Open user menu">
          <Avatar color="cyan" radius="xl">
            {getInitials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
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
