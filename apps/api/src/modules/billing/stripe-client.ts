import Stripe from 'stripe';
import type { BillingConfig } from '../../config/config';

export type StripeClient = Stripe;

/**
 * The Stripe SDK as configured: the real API, or another address (STRIPE_API_URL) such as the
 * recorded-response server of the tests. The SDK's own retries (with idempotency keys) cover
 * Stripe's transient failures.
 */
export function createStripeClient(stripe: NonNullable<BillingConfig['stripe']>): StripeClient {
  const target = stripe.apiUrl ? new URL(stripe.apiUrl) : null;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Clerkly' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
