import type { CurrentUser } from '@clerkly/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { currentUserQueryKey } from '../../../lib/auth/current-user';

export type SignInDestination = { to: string; state?: { welcome: true } };

/** Spec point 2: a finished login or sign-up lands on Create Notes, which then says welcome. */
export const WELCOME: SignInDestination = { to: paths.createNotes, state: { welcome: true } };

/**
 * Ends a login or sign-up flow: the signed-in user becomes the client auth state, then the
 * browser moves on. The flows keep that state "signed out" until this point, because the guard
 * of /login would otherwise send a half-registered user to /create-notes before profile setup.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    (user: CurrentUser, { to, state }: SignInDestination) => {
      // Set before navigating: the protected route reads it as soon as it mounts.
      queryClient.setQueryData(currentUserQueryKey, user);
      void navigate(to, { replace: true, state });
    },
    [navigate, queryClient],
  );
}
