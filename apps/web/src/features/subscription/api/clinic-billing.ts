import {
  API_PATHS,
  billingPortalSchema,
  checkoutSessionSchema,
  clinicBillingSchema,
  isSubscriptionUsable,
  type CreateCheckoutSessionInput,
} from '@clerkly/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { clinicQueryKey } from '../../../lib/clinic/my-clinic';

/** How often, and how many times, the page asks while Stripe's confirmation is awaited. */
const ACTIVATION_POLL_MS = 2000;
const ACTIVATION_POLLS = 15;

/**
 * `GET /api/clinic/billing` (issue 29 item 3): the plan of the caller's clinic, for members only
 * (`enabled`). Under the clinic's key, so membership changes refresh it. `awaitingCheckout`: the
 * owner is back from a clinic checkout, so it is asked again until the plan is usable (for about
 * half a minute; the page then says the plan shows once Stripe confirms it).
 */
export const useClinicBilling = (enabled: boolean, awaitingCheckout: boolean) =>
  useQuery({
    queryKey: [...clinicQueryKey, 'billing'] as const,
    enabled,
    queryFn: async ({ signal }) =>
      clinicBillingSchema.parse(await apiClient.get(API_PATHS.clinicBilling, { signal })),
    refetchInterval: (query) =>
      awaitingCheckout &&
      !isSubscriptionUsable(query.state.data?.subscription?.status) &&
      query.state.dataUpdateCount < ACTIVATION_POLLS
        ? ACTIVATION_POLL_MS
        : false,
  });

/** `POST /api/clinic/billing/checkout`: one Idempotency-Key per click, like the own checkout. */
export const useClinicCheckout = () =>
  useMutation({
    mutationFn: async (input: CreateCheckoutSessionInput) =>
      checkoutSessionSchema.parse(
        await apiClient.post(API_PATHS.clinicBillingCheckout, {
          body: { priceId: input.priceId },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        }),
      ),
  });

/** `POST /api/clinic/billing/portal`: Stripe's page where owners change or cancel the plan. */
export const useClinicBillingPortal = () =>
  useMutation({
    mutationFn: async () =>
      billingPortalSchema.parse(await apiClient.post(API_PATHS.clinicBillingPortal)),
  });
