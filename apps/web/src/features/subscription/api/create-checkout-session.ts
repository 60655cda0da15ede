import {
  API_PATHS,
  checkoutSessionSchema,
  type CheckoutSession,
  type CreateCheckoutSessionInput,
} from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/stripe/create-checkout-session` (spec point 7). The Idempotency-Key is one per
 * click, so a retried request never opens a second checkout.
 */
async function createCheckoutSession(
  input: CreateCheckoutSessionInput & { idempotencyKey: string },
): Promise<CheckoutSession> {
  return checkoutSessionSchema.parse(
    await apiClient.post(API_PATHS.createCheckoutSession, {
      body: { priceId: input.priceId },
      headers: { 'Idempotency-Key': input.idempotencyKey },
    }),
  );
}

export const useCreateCheckoutSession = () =>
  useMutation({
    mutationFn: (input: CreateCheckoutSessionInput) =>
      createCheckoutSession({ ...input, idempotencyKey: crypto.randomUUID() }),
  });
