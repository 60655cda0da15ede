import type { CurrentUser } from '@clerkly/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { INVITATION_PARAM, paths, type JoinInvitationState } from '../../../config/paths';
import { pendingInvitationToken } from '../../../lib/clinic-invitation';
import { currentUserQueryKey } from '../../../lib/auth/current-user';

export type SignInDestination = { to: string; state?: { welcome: true } | JoinInvitationState };

/** Spec point 2: a finished login or sign-up lands on Create Notes, which then says welcome. */
export const WELCOME: SignInDestination = { to: paths.createNotes, state: { welcome: true } };

/**
 * Docs/decisions/028: a sign-up or login that began at a clinic invitation link goes back to the
 * join page instead, which joins at once after a sign-up (`joinAtOnce`) and shows its Join
 * button after a login, as for any signed-in invitee.
 */
export const backToInvitation = (joinAtOnce: boolean): SignInDestination =>
  joinAtOnce ? { to: paths.clinicJoin, state: { joinInvitation: true } } : { to: paths.clinicJoin };

/** Whether this page was opened from an invitation link whose token is still waiting. */
export const cameFromInvitation = (search: URLSearchParams) =>
  search.has(INVITATION_PARAM) && pendingInvitationToken() !== null;

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
