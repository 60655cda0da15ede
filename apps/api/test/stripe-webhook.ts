import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeServer } from './fixtures/stripe/stripe-server';

/** The webhook signing secret of the test apps that bill through the recorded Stripe server. */
export const WEBHOOK_SECRET = 'whsec_clerklyTestSecret0123456789';

/** Signs webhook payloads as Stripe does; it never calls Stripe, so any key will do. */
export const webhookSigner = new Stripe('sk_test_signer_only');

export type Json = Record<string, unknown>;

/** The `buildTestApp` overrides of an app whose Stripe is the recorded server `stripe`. */
export const recordedStripeBilling = (stripe: StripeServer) => ({
  billing: {
    stripe: { secretKey: 'sk_test_clerkly', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
  },
});

/**
 * `POST /api/stripe/webhook` with `event`, signed as Stripe signs it; `sign` spoils the signature
 * on purpose: another secret, an old timestamp, a header of the caller's, or none (null).
 */
export function postWebhook(
  app: FastifyInstance,
  event: Json,
  sign: { secret?: string; timestamp?: number; header?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    sign.header === null
      ? undefined
      : (sign.header ??
        webhookSigner.webhooks.generateTestHeaderString({
          payload,
          secret: sign.secret ?? WEBHOOK_SECRET,
          ...(sign.timestamp ? { timestamp: sign.timestamp } : {}),
        }));
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(header ? { 'stripe-signature': header } : {}),
    },
    payload,
  });
}
