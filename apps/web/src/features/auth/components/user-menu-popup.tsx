import type { CurrentUser } from '@clerkly/contracts';
import { Box, Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSignOut } from '../api/sign-out';
import { AvatarButton } from './avatar-button';

type UserMenuPopupProps = {
  user: CurrentUser;
  /** Loaded by a press on the avatar: open at once, as that press would have. */
  openOnMount: boolean;
};

/** The avatar menu itself: who is signed in, and Logout. Loaded by `UserMenu`. */
export function UserMenuPopup({ user, openOnMount }: UserMenuPopupProps) {
  const signOut = useSignOut();
  const target = useRef<HTMLButtonElement>(null);
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const pressed = useRef(false);

  useEffect(() => {
    if (!openOnMount || pressed.current) return;
    pressed.current = true;
    // This button took the place of the one that was pressed: it takes its focus, so the menu
    // gives focus back to it on close, and opens the menu the way a press does.
    target.current?.focus();
    target.current?.click();
  }, [openOnMount]);

  return (
    // In the top bar's landmark rather than a portal at the end of the page (issue 14).
    <Menu position="bottom-end" width={260} shadow="md" withinPortal={false}>
      <Menu.Target>
        <AvatarButton user={user} ref={target} />
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
