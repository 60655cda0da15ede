import Stripe from 'stripe';
import {
  startStripeServer,
  type StripeServer,
} from '../../apps/api/test/fixtures/stripe/stripe-server';
import { test } from './fixtures';
import { startOwnApp } from './own-app';

const STRIPE_WEBHOOK_SECRET = 'whsec_e2eClerklyWebhookSecret000000';

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
async function startBillingApp(): Promise<BillingApp> {
  const stripe = await startStripeServer();
  const app = await startOwnApp(
    'billing',
    { STRIPE_SECRET_KEY: 'sk_test_e2eClerkly', STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    () => stripe.close(),
  );
  return { baseUrl: app.baseUrl, outboxDir: app.outboxDir, stripe, stop: app.stop };
}

/**
 * The billing app for the tests of this file or `describe` block: started before them, stopped
 * after them. Read it inside a test or hook: it does not exist before.
 */
export function useBillingApp(): BillingApp {
  let app: BillingApp | undefined;
  test.beforeAll(async () => {
    // A second app starts (database created and migrated): slow on a loaded machine.
    test.setTimeout(120_000);
    app = await startBillingApp();
  });
  test.afterAll(async () => {
    await app?.stop();
  });
  const started = (): BillingApp => {
    if (!app) throw new Error('useBillingApp: the app starts in beforeAll; read it in a test');
    return app;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get outboxDir() {
      return started().outboxDir;
    },
    get stripe() {
      return started().stripe;
    },
    stop: () => started().stop(),
  };
}

/**
 * Sends the billing app a Stripe event of `type` about `object`, signed as Stripe signs it.
 * Stripe calls the webhook from its own servers: no browser cookies, no Origin (a page's request
 * context would send the clinician's cookie, which the origin check refuses).
 */
export function deliverStripeEvent(
  app: BillingApp,
  { id, type, object }: { id: string; type: string; object: Record<string, unknown> },
): Promise<Response> {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_WEBHOOK_SECRET,
  });
  return fetch(`${app.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}
