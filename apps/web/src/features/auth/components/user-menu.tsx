import type { CurrentUser } from '@clerkly/contracts';
import { useState, type ComponentType } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
import { AvatarButton } from './avatar-button';

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
