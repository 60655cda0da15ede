import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startStripeServer,
  type StripeServer,
} from '../../apps/api/test/fixtures/stripe/stripe-server';
import { E2E_DATA_DIR, E2E_PORT } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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
  const port = E2E_PORT + 1000;
  const baseUrl = `http://localhost:${port}`;
  const dataDir = `${E2E_DATA_DIR}-billing`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'off',
    STRIPE_SECRET_KEY: 'sk_test_e2eClerkly',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'apps/api/dist/server.js')],
    { cwd: repoRoot, env, stdio: 'inherit' },
  );
  // Never outlive the test worker, even when a hook times out before stop() runs.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 900 || server.exitCode !== null) {
      server.kill('SIGTERM');
      await stripe.close();
      throw new Error('the billing app did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    stripe,
    stop: async () => {
      process.off('exit', killOnExit);
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
