import { API_PATHS, currentUserSchema, type CurrentUser } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const userProfileQueryKey = ['user-profile'] as const;

/**
 * The profile the settings form edits (spec point 7: "the current-user profile fetch, cached as
 * userProfile"). Same endpoint as the route guards' authentication check, but its own cache
 * entry: the form must not be reset by the guards' background re-checks.
 */
async function getUserProfile({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiClient.get(API_PATHS.users, { signal }));
}

const userProfileQueryOptions = () =>
  queryOptions({
    queryKey: userProfileQueryKey,
    queryFn: ({ signal }) => getUserProfile({ signal }),
  });

export const useUserProfile = () => useQuery(userProfileQueryOptions());
