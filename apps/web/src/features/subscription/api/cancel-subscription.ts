import { API_PATHS, cancelSubscriptionResponseSchema, type Subscription } from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { subscriptionQueryKey } from '../../../lib/billing/subscription';
import { usageQueryKey } from '../../../lib/billing/usage';

/** `POST /api/stripe/cancel-subscription` (spec point 7): cancels at the end of the period. */
async function cancelSubscription(): Promise<Subscription> {
  return cancelSubscriptionResponseSchema.parse(await apiClient.post(API_PATHS.cancelSubscription));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // Spec point 4: on success, refetch the subscription.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey }),
      ]),
  });
}
