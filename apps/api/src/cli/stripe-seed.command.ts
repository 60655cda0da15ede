/**
 * `npm run -s cli -- stripe-seed` (issue 10): creates the paid plans (AUD, monthly and annual)
 * in the Stripe account of STRIPE_SECRET_KEY, for a real deployment. Running it again changes
 * nothing. Prints one line per product and price; exit 2 without a key, 1 if Stripe fails.
 */
import { ConfigError, parseEnv } from '../config/env';
import { seedStripeCatalogue } from '../modules/billing/seed-catalogue';
import { createStripeClient } from '../modules/billing/stripe-client';
import type { CliIo } from './notes.command';

const STRIPE_SEED_USAGE = `Usage: STRIPE_SECRET_KEY=sk_... npm run -s cli -- stripe-seed

Creates the plan catalogue (Clerkly Pro, AUD monthly and annual prices) in the Stripe account of
STRIPE_SECRET_KEY (STRIPE_API_URL for another API address). Safe to run again.
`;

export async function runStripeSeed(args: string[], io: CliIo, env = process.env): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(STRIPE_SEED_USAGE);
    return 0;
  }
  if (args.length > 0) {
    io.stderr.write(
      `clerkly stripe-seed: unexpected argument "${args[0]}"\n\n${STRIPE_SEED_USAGE}`,
    );
    return 2;
  }
  let parsed;
  try {
    parsed = parseEnv({
      ...env,
      STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || 'whsec_unused',
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`clerkly stripe-seed: ${error.problems.join('; ')}\n`);
    return 2;
  }
  if (!parsed.STRIPE_SECRET_KEY) {
    io.stderr.write('clerkly stripe-seed: STRIPE_SECRET_KEY is not set\n');
    return 2;
  }
  const stripe = createStripeClient({
    secretKey: parsed.STRIPE_SECRET_KEY,
    webhookSecret: '',
    apiUrl: parsed.STRIPE_API_URL ?? null,
  });
  try {
    for (const line of await seedStripeCatalogue(stripe)) io.stdout.write(`${line}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`clerkly stripe-seed: Stripe refused: ${(error as Error).message}\n`);
    return 1;
  }
}
