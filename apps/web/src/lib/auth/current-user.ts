import { API_PATHS, currentUserSchema, type CurrentUser } from '@clerkly/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, isUnauthorizedError } from '../api-client';

export const currentUserQueryKey = ['current-user'] as const;

/**
 * `GET /api/users` (spec point 7). Resolves to `null` when nobody is signed in (HTTP 401): that
 * is an answer to "who is signed in?", not a failure.
 */
export async function getCurrentUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return currentUserSchema.parse(await apiClient.get(API_PATHS.users, { signal }));
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    // A check that failed (after its retries) means "unauthenticated" (spec point 2); the login
    // page it leads to does not start it over.
    retryOnMount: false,
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
