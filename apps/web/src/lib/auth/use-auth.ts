import type { CurrentUser } from '@clerkly/contracts';
import { useCallback } from 'react';
import { useCurrentUser } from './current-user';

/**
 * Client auth state of spec point 3: `isAuthenticated` is `null` while the first check runs,
 * then `true` or `false`.
 */
export type AuthState =
  | { isAuthenticated: null; user: null }
  | { isAuthenticated: true; user: CurrentUser }
  | { isAuthenticated: false; user: null };

export function useAuth(): AuthState & { recheck: () => void } {
  const { data, isPending, refetch } = useCurrentUser();
  // Joins a check already in flight instead of restarting it.
  const recheck = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);

  if (isPending) return { isAuthenticated: null, user: null, recheck };
  // A failed first check means unauthenticated (spec point 2). A failed re-check keeps the user
  // we already know: only a 401 (data `null`) ends a session, not a network blip.
  if (data) return { isAuthenticated: true, user: data, recheck };
  return { isAuthenticated: false, user: null, recheck };
}
