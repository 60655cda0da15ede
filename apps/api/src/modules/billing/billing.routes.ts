import {
  API_PATHS,
  apiErrorSchema,
  billingPortalSchema,
  cancelSubscriptionResponseSchema,
  checkoutSessionSchema,
  clinicBillingSchema,
  createCheckoutSessionSchema,
  currentSubscriptionSchema,
  productListSchema,
  webhookAckSchema,
} from '@clerkly/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBillingService,
  currentSubscriptionOf,
  type BillingService,
} from './billing.service';
import { createClinicBillingService } from './clinic-billing.service';
import { clinicSeatsJob } from './clinic-seats.job';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

/** A client's Idempotency-Key header, when it looks like one (a retry of the same click). */
const idempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

/** Signed Stripe events. The signature covers the exact bytes, so the body stays raw here. */
const webhookRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    app.post(
      API_PATHS.stripeWebhook,
      { schema: { tags: ['billing'], response: { 200: webhookAckSchema, ...errors } } },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const { duplicate } = await billing.handleWebhook(
          app.database.db,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, duplicate };
      },
    );
  };

/**
 * Plans, checkout, cancel and the subscription mirror (spec points 2-4 and 7). The `/api/stripe`
 * paths are the public contract; with billing off (no STRIPE_SECRET_KEY) the product list is
 * empty and the calls that need Stripe answer 503 with a clear message.
 */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = app.stripe;
  const billing = createBillingService(stripe, {
    webhookSecret: app.config.billing.stripe?.webhookSecret ?? '',
    publicUrl: app.config.publicUrl,
    log: app.log,
    reconcileSeats: (clinicId) => app.jobs.send(clinicSeatsJob, { clinicId }),
  });
  const clinicBilling = createClinicBillingService(stripe, { publicUrl: app.config.publicUrl });
  app.log.info(billing.enabled ? 'Billing: Stripe' : 'Billing: off (no STRIPE_SECRET_KEY)');

  await app.register(webhookRoutes(billing));

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.requireUser);
    const { db } = app.database;
    const routes = signedIn.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.currentSubscription,
      { schema: { tags: ['billing'], response: { 200: currentSubscriptionSchema } } },
      async (request) => currentSubscriptionOf(db, request.user!.id),
    );

    routes.get(
      API_PATHS.productList,
      { schema: { tags: ['billing'], response: { 200: productListSchema, ...errors } } },
      async () => {
        return await billing.productList();
      },
    );

    routes.post(
      API_PATHS.createCheckoutSession,
      {
        schema: {
          tags: ['billing'],
          body: createCheckoutSessionSchema,
          headers: idempotencyHeaderSchema,
          response: { 200: checkoutSessionSchema, ...errors },
        },
      },
      async (request) => {
        return await billing.createCheckout(
          db,
          request.user!.id,
          request.body.priceId,
          request.headers['idempotency-key'] ?? randomUUID(),
        );
      },
    );

    routes.post(
      API_PATHS.cancelSubscription,
      {
        schema: {
          tags: ['billing'],
          response: { 200: cancelSubscriptionResponseSchema, ...errors },
        },
      },
      async (request) => {
        return await billing.cancel(db, request.user!.id);
      },
    );

    // Issue 29 item 3: the clinic's plan. Members read it; owners subscribe and manage it.
    routes.get(
      API_PATHS.clinicBilling,
      {
        schema: { tags: ['billing', 'clinics'], response: { 200: clinicBillingSchema, ...errors } },
      },
      async (request) => clinicBilling.read(db, request.user!.id),
    );

    routes.post(
      API_PATHS.clinicBillingCheckout,
      {
        schema: {
          tags: ['billing', 'clinics'],
          body: createCheckoutSessionSchema,
          headers: idempotencyHeaderSchema,
          response: { 200: checkoutSessionSchema, ...errors },
        },
      },
      async (request) =>
        clinicBilling.checkout(
          db,
          request.user!.id,
          request.body.priceId,
          request.headers['idempotency-key'] ?? randomUUID(),
        ),
    );

    routes.post(
      API_PATHS.clinicBillingPortal,
      {
        schema: {
          tags: ['billing', 'clinics'],
          response: { 200: billingPortalSchema, ...errors },
        },
      },
      async (request) => clinicBilling.portal(db, request.user!.id),
    );
  });
};

export default billingRoutes;
