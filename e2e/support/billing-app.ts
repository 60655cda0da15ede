import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  startStripeServer,
  type StripeServer,
} from '../../apps/api/test/fixtures/stripe/stripe-server';
import { startAppProcess, type AppProcess } from './app-process';
import { ownAppPlace } from './server';

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
  const { port, dataDir } = ownAppPlace('billing');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let app: AppProcess;
  try {
    app = await startAppProcess({
      port,
      dataDir,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2eClerkly',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  return {
    baseUrl: app.baseUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    stripe,
    stop: async () => {
      await app.kill('SIGTERM');
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-keys`, { recursive: true, force: true });
    },
  };
}
