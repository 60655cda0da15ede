import { z } from 'zod';

/** Statuses that make a subscription usable (spec point 4); any other one is inactive. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

export const isSubscriptionUsable = (status: string | null | undefined): boolean =>
  (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? '');

/** Spec point 3 "Subscription", `GET /api/subscriptions/user/current`. */
export const subscriptionSchema = z.object({
  id: z.string(),
  /** Stripe's status: active, trialing, canceled, and the others Stripe may send. */
  status: z.string(),
  canceledAt: z.string().nullable(),
  endDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  planDuration: z.object({ stripePriceId: z.string().nullable() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `null` when the user never subscribed. */
export const currentSubscriptionSchema = subscriptionSchema.nullable();

export const billingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** Spec point 3 "Price": amounts in minor units (cents). */
const priceSchema = z.object({
  id: z.string(),
  currency: z.string(),
  unit_amount: z.number().int().nonnegative(),
  recurring: z.object({ interval: billingIntervalSchema }),
});
export type Price = z.infer<typeof priceSchema>;

/** Spec point 3 "Payment product": what a plan card shows. */
const planMetadataSchema = z.object({
  variationName: z.string(),
  /** Comma-separated, as the spec describes. */
  variationFeatures: z.string(),
  variationDescription: z.string(),
});

const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  metadata: planMetadataSchema,
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

/**
 * `GET /api/stripe/product-list` (spec point 7): products grouped by key, each with its prices.
 * `billingEnabled` is false when the server has no Stripe account (the embedded default).
 */
export const productListSchema = z.object({
  billingEnabled: z.boolean(),
  products: z.record(z.string(), productSchema),
});
export type ProductList = z.infer<typeof productListSchema>;

export const createCheckoutSessionSchema = z.object({
  priceId: z
    .string({ error: 'priceId is required' })
    .regex(/^price_\w{1,200}$/, 'priceId must be a Stripe price id (price_...)'),
});
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionSchema>;

/** Spec point 3 "Checkout session response": its id, plus the hosted checkout page to open. */
export const checkoutSessionSchema = z.object({ id: z.string(), url: z.string().url() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * Spec point 7 `POST /api/stripe/cancel-subscription`: the subscription as it stands after
 * cancelling.
 * @alias of `subscriptionSchema`, named for the route that answers with it.
 */
export const cancelSubscriptionResponseSchema = subscriptionSchema;

export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The end-date card's label (spec point 4), checked in this order. */
export type EndDateLabel = 'Trial Ends' | 'Renews' | 'Plan ends' | 'Expired';

export function endDateLabel(
  subscription: Pick<Subscription, 'status' | 'canceledAt' | 'endDate'>,
): EndDateLabel {
  if (subscription.status === 'trialing' && subscription.endDate) return 'Trial Ends';
  if (!subscription.canceledAt && subscription.endDate) return 'Renews';
  if (subscription.canceledAt) return 'Plan ends';
  return 'Expired';
}

/** Spec point 9: unit_amount / 100 with 2 decimals, the upper-cased currency and the interval. */
export function formatPrice(price: Pick<Price, 'currency' | 'unit_amount' | 'recurring'>): string {
  return `${price.currency.toUpperCase()} ${(price.unit_amount / 100).toFixed(2)}/${price.recurring.interval}`;
}

/** Fixed texts of the Subscription page and the plans view (spec points 2, 8 and 9). */
export const SUBSCRIPTION_TEXTS = {
  choosePlan: 'Choose Plan',
  currentPlan: 'Current Plan',
  basicPlan: 'Basic',
  basicPrice: 'AUD 0 forever',
  freeForever: 'Free Forever',
  enterprisePlan: 'Enterprise',
  contactUs: 'Contact us',
  cancelSubscription: 'Cancel Subscription',
  cancelConfirm: 'Are you sure you want to cancel this subscription?',
  noActiveSubscription: 'You have no active subscription',
  planEndsOn: 'Your current plan ends on',
  billingOff: 'Online payment is not set up on this server. Contact us to subscribe.',
  patientSessions: 'Patient Sessions',
  notesCreated: 'Notes Created',
  templateAccess: 'Template Access',
} as const;

/** `error.code` of billing refusals. */
export const BILLING_ERROR_CODES = {
  billingDisabled: 'BILLING_DISABLED',
  unknownPrice: 'UNKNOWN_PRICE',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  noSubscription: 'NO_SUBSCRIPTION',
  invalidSignature: 'INVALID_SIGNATURE',
  malformedEvent: 'MALFORMED_EVENT',
  paymentProvider: 'PAYMENT_PROVIDER_ERROR',
} as const;

/**
 * The parts of a Stripe event the webhook reads (issue 23, item 9): a validly signed event of
 * another shape (a test payload, a future API version) is a 400, never a database error. Other
 * fields pass through unread.
 */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);
const stripeId = z.string().min(1).max(255);
const stripeRef = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();

/** The object of `customer.subscription.*` events. */
export const stripeSubscriptionObjectSchema = z.looseObject({
  id: stripeId,
  status: z.string().min(1).max(64),
  customer: stripeRef,
  metadata: z.record(z.string(), z.string()).nullish(),
  created: unixSeconds.nullish(),
  canceled_at: unixSeconds.nullish(),
  cancel_at: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  trial_end: unixSeconds.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          id: stripeId.nullish(),
          current_period_end: unixSeconds.nullish(),
          price: z.looseObject({ id: stripeId }).nullish(),
          /** Seats of a clinic's subscription (issue 29); 1 for a clinician's own. */
          quantity: z.number().int().min(0).max(1_000_000).nullish(),
        }),
      ),
    })
    .nullish(),
});

export const stripeEventSchema = z.looseObject({
  id: stripeId,
  type: z.string().min(1).max(255),
  created: unixSeconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The object of `checkout.session.completed`. */
export const stripeCheckoutSessionObjectSchema = z.looseObject({
  client_reference_id: z.string().max(255).nullish(),
  customer: stripeRef,
  metadata: z.record(z.string(), z.string()).nullish(),
  subscription: stripeRef,
});
