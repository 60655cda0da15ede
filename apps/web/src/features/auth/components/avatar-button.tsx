import type { CurrentUser } from '@clerkly/contracts';
import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentProps, Ref } from 'react';

/** Avatar initials: first letters of first and last name, upper-cased (spec point 2). */
const getInitials = ({ firstName, lastName }: Pick<CurrentUser, 'firstName' | 'lastName'>) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

type AvatarButtonProps = UnstyledButtonProps &
  Omit<ComponentProps<'button'>, keyof UnstyledButtonProps | 'ref'> & {
    user: CurrentUser;
    ref?: Ref<HTMLButtonElement>;
  };

/**
 * The top bar's avatar, which opens the user menu: the same button before the menu has loaded
 * (`user-menu.tsx`) and as the menu's target after (`user-menu-popup.tsx`).
 */
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
