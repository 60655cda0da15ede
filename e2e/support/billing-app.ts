import {
  startStripeServer,
  type StripeServer,
} from '../../apps/api/test/fixtures/stripe/stripe-server';
import { startOwnApp } from './own-app';

export const STRIPE_WEBHOOK_SECRET = 'whsec_e2eClerklyWebhookSecret000000';

export interface BillingApp {
  baseUrl: string;
  outboxDir: string;
  stripe: StripeServer;
  stop(): Promise<void>;
}

/**
 * A second app, built like the main one, with billing configured: its Stripe SDK talks to a
 * local server answering with recorded Stripe responses (apps/api/test/fixtures/stripe), so the
 * browser runs the real plans, checkout and cancel flows without a Stripe account.
 */
export async function startBillingApp(): Promise<BillingApp> {
  const stripe = await startStripeServer();
  const app = await startOwnApp(
    'billing',
    { STRIPE_SECRET_KEY: 'sk_test_e2eClerkly', STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    () => stripe.close(),
  );
  return { baseUrl: app.baseUrl, outboxDir: app.outboxDir, stripe, stop: app.stop };
}
