import type { CurrentUser } from '@clerkly/contracts';
import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { useState, type ComponentProps, type ComponentType, type Ref } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';

/** Avatar initials: first letters of first and last name, upper-cased (spec point 2). */
export const getInitials = ({ firstName, lastName }: Pick<CurrentUser, 'firstName' | 'lastName'>) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

type AvatarButtonProps = UnstyledButtonProps &
  Omit<ComponentProps<'button'>, keyof UnstyledButtonProps | 'ref'> & {
    user: CurrentUser;
    ref?: Ref<HTMLButtonElement>;
  };

/** The top bar's avatar, which opens the user menu. */
export function AvatarButton({ user, ...others }: AvatarButtonProps) {
  const initials = getInitials(user);
  return (
    // The name starts with the initials it shows (WCAG 2.5.3 "label in name"), so a
    // voice-control user can say what they see (issue 14).
    <UnstyledButton aria-label={`${initials} – Open user menu`} {...others}>
      <Avatar color="cyan" radius="xl">
        {initials}
      </Avatar>
    </UnstyledButton>
  );
}

type Popup = ComponentType<{ user: CurrentUser; openOnMount: boolean }>;

const loadPopup = () => import('./user-menu-popup').then((m): Popup => m.UserMenuPopup);

/**
 * The avatar menu of the top bar: who is signed in, and Logout. The menu and its positioning
 * library load when the avatar is pointed at, focused or pressed, not with the page (issue 13,
 * decision 010); until then the avatar is the same button, announced the same way (a closed
 * menu button), and a press on it opens the menu once it has loaded.
 */
export function UserMenu() {
  const { user } = useAuth();
  const [popup, setPopup] = useState<{ Component: Popup; openOnMount: boolean } | null>(null);
  if (!user) return null;

  if (popup) return <popup.Component user={user} openOnMount={popup.openOnMount} />;

  const warm = () => void loadPopup();
  const open = () =>
    void loadPopup().then((Component) => setPopup({ Component, openOnMount: true }));

  return (
    <AvatarButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={open}
    />
  );
}
