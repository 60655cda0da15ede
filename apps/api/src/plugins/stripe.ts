import fp from 'fastify-plugin';
import type { StripeClient } from '../modules/billing/stripe-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Stripe SDK as configured, or null with billing off (no STRIPE_SECRET_KEY). */
    stripe: StripeClient | null;
  }
}

/**
 * One Stripe client per process, for the billing routes and for the jobs that call Stripe
 * (a worker process has no routes). The SDK loads only when billing is configured (issue 13:
 * start-up time and memory).
 */
export default fp(
  async (app) => {
    const stripeConfig = app.config.billing.stripe;
    const stripe = stripeConfig
      ? (await import('../modules/billing/stripe-client')).createStripeClient(stripeConfig)
      : null;
    app.decorate('stripe', stripe);
  },
  { name: 'stripe', dependencies: ['config'] },
);
