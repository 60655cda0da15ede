import { API_PATHS, usageSchema, type Usage } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const usageQueryKey = ['usage'] as const;

/** `GET /api/usage/` (spec point 7): sessions and notes used, and whether this is a trial. */
async function getUsage({ signal }: { signal?: AbortSignal } = {}): Promise<Usage> {
  return usageSchema.parse(await apiClient.get(API_PATHS.usage, { signal }));
}

export const usageQueryOptions = () =>
  queryOptions({
    queryKey: usageQueryKey,
    queryFn: ({ signal }) => getUsage({ signal }),
    // Spec point 9: usage is cached indefinitely in session screens; this page refreshes it
    // itself after each session or generation it makes.
    staleTime: Infinity,
  });

export const useUsage = () => useQuery(usageQueryOptions());
