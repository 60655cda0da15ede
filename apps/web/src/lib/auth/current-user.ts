import { API_PATHS, currentUserSchema, type CurrentUser } from '@clerkly/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, isUnauthorizedError } from '../api-client';

export const currentUserQueryKey = ['current-user'] as const;

/** The identity service's session probe: 200 with `null` when nobody is signed in. */
export const SESSION_PROBE_PATH = API_PATHS.sessionProbe;

/**
 * `GET /api/users` (spec point 7). Resolves to `null` when nobody is signed in: that is an answer
 * to "who is signed in?", not a failure.
 *
 * Issue 13: unless a user is known to be signed in, the session probe is asked first. A visitor
 * then gets a 200 `null` instead of the 401 of `GET /api/users`, which the browser logs as an
 * error on every public page. A 401 that still comes (the session ended between the two calls,
 * or on a re-check of a known user) means the same: nobody is signed in.
 */
export async function getCurrentUser({
  signal,
  knownSignedIn = false,
  onSignedIn,
}: {
  signal?: AbortSignal;
  knownSignedIn?: boolean;
  /** Called as soon as the session probe says someone is signed in, before `/api/users`. */
  onSignedIn?: () => void;
} = {}): Promise<CurrentUser | null> {
  try {
    if (!knownSignedIn) {
      const session = await apiClient.get(SESSION_PROBE_PATH, { signal });
      if (session === null || session === undefined) return null;
      onSignedIn?.();
    }
    return currentUserSchema.parse(await apiClient.get(API_PATHS.users, { signal }));
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = ({ onSignedIn }: { onSignedIn?: () => void } = {}) =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal, client }) =>
      getCurrentUser({
        signal,
        knownSignedIn: Boolean(client.getQueryData(currentUserQueryKey)),
        onSignedIn,
      }),
    // A check that failed (after its retries) means "unauthenticated" (spec point 2); the login
    // page it leads to does not start it over.
    retryOnMount: false,
    // Issue 13: one check per page, not one per component that asks who is signed in (the
    // guard, the layout and the page fetched it three times on /create-notes). The guard
    // re-checks on every protected page (spec point 2), and any 401 clears the user.
    staleTime: Infinity,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/**
 * Forget who was signed in: the current user becomes "nobody" (guards then send the visitor to
 * /login) and every other cached response, which belonged to that user, is dropped.
 */
export function clearCurrentUser(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
  });
}
