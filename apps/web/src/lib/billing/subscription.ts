import { API_PATHS, currentSubscriptionSchema, type Subscription } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const subscriptionQueryKey = ['subscription'] as const;

/** `GET /api/subscriptions/user/current` (spec point 7): `null` when the user never subscribed. */
async function getCurrentSubscription({
  signal,
}: { signal?: AbortSignal } = {}): Promise<Subscription | null> {
  return currentSubscriptionSchema.parse(
    (await apiClient.get(API_PATHS.currentSubscription, { signal })) ?? null,
  );
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getCurrentSubscription({ signal }),
    // Spec point 9: cached indefinitely; checkout return and cancel refresh it themselves.
    staleTime: Infinity,
  });

export const useCurrentSubscription = () => useQuery(subscriptionQueryOptions());
