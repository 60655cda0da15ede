import {
  BILLING_ERROR_CODES as CODES,
  LIMIT_MESSAGES,
  billingIntervalSchema,
  isSubscriptionUsable,
  stripeCheckoutSessionObjectSchema,
  stripeEventSchema,
  stripeSubscriptionObjectSchema,
  type CheckoutSession,
  type Price,
  type Product,
  type ProductList,
  type Subscription,
} from '@clerkly/contracts';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findUserById } from '../users/users.repository';
import { countSeats } from '../clinics/clinics.repository';
import {
  claimEvent,
  clinicExists,
  endTrial,
  findCurrentSubscription,
  findClinicIdByCustomer,
  findClinicOwnerId,
  findCustomerId,
  findUsableSubscription,
  findUserIdByCustomer,
  linkClinicCustomer,
  linkCustomer,
  lockSubscription,
  upsertSubscription,
  userExists,
  type SubscriptionRow,
} from './billing.repository';
import type { StripeClient } from './stripe-client';

/** A billing refusal with its HTTP status and a message safe to show (spec point 8). */
export class BillingError extends HttpError {
  constructor(status: 400 | 404 | 409 | 502 | 503, code: string, message: string) {
    super(status, code, message);
  }
}

const BILLING_DISABLED_MESSAGE = 'Billing is not configured on this server.';

/** The configured Stripe client, or the 503 every call that needs Stripe answers without one. */
export function requireStripe(stripe: StripeClient | null): StripeClient {
  if (!stripe) throw new BillingError(503, CODES.billingDisabled, BILLING_DISABLED_MESSAGE);
  return stripe;
}

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  status: row.status,
  canceledAt: row.canceledAt?.toISOString() ?? null,
  endDate: row.endDate?.toISOString() ?? null,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  planDuration: { stripePriceId: row.stripePriceId },
});

/**
 * A Stripe Checkout for a subscription, a clinician's or a clinic's: the price must be a
 * recurring plan Stripe still sells; `createSession` names the customer, seats and pages. Stripe's
 * failures become BillingErrors.
 */
export async function openSubscriptionCheckout(
  client: StripeClient,
  priceId: string,
  createSession: () => Promise<{ id: string; url: string | null }>,
): Promise<{ id: string; url: string }> {
  try {
    const price = await client.prices.retrieve(priceId).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    });
    if (!price || !price.active || !price.recurring) {
      throw new BillingError(400, CODES.unknownPrice, 'This plan is not available.');
    }
    const session = await createSession();
    if (!session.url) {
      throw new BillingError(502, CODES.paymentProvider, 'Failed creating checkout session');
    }
    return { id: session.id, url: session.url };
  } catch (error) {
    if (error instanceof BillingError) throw error;
    return fromStripeError(error, 'Failed creating checkout session');
  }
}

export async function currentSubscriptionOf(db: Db, userId: string) {
  const row = await findCurrentSubscription(db, userId);
  return row ? toSubscription(row) : null;
}

/** Stripe's own failures become 502 with its message; bad requests from us are 400. */
export function fromStripeError(error: unknown, fallback: string): never {
  const stripeError = error as Partial<Stripe.errors.StripeError> & { type?: string };
  if (typeof stripeError?.type === 'string' && stripeError.type.startsWith('Stripe')) {
    const status = stripeError.statusCode;
    if (stripeError.type === 'StripeInvalidRequestError' && status && status < 500) {
      throw new BillingError(400, CODES.paymentProvider, stripeError.message ?? fallback);
    }
    throw new BillingError(502, CODES.paymentProvider, fallback);
  }
  throw error;
}

const unixToDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The event's envelope, and the object of the event types the webhook acts on. */
function isReadableEvent(event: unknown): boolean {
  const envelope = stripeEventSchema.safeParse(event);
  if (!envelope.success) return false;
  const { type, data } = envelope.data;
  const objectSchema = SUBSCRIPTION_EVENTS.has(type)
    ? stripeSubscriptionObjectSchema
    : type === 'checkout.session.completed'
      ? stripeCheckoutSessionObjectSchema
      : null;
  return objectSchema === null || objectSchema.safeParse(data.object).success;
}

export interface BillingService {
  readonly enabled: boolean;
  productList(): Promise<ProductList>;
  createCheckout(
    db: Db,
    userId: string,
    priceId: string,
    idempotencyKey: string,
  ): Promise<CheckoutSession>;
  cancel(db: Db, userId: string): Promise<Subscription>;
  /** Verifies the signature, then applies the event once. `duplicate` when it was seen before. */
  handleWebhook(
    db: Db,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ duplicate: boolean }>;
}

/**
 * The order of a subscription's states, for events that carry the same second: Stripe does not
 * deliver events in order, and `created` has one-second resolution.
 */
const STATUS_ORDER: Record<string, number> = {
  incomplete: 0,
  incomplete_expired: 1,
  trialing: 2,
  active: 3,
  past_due: 4,
  unpaid: 5,
  paused: 5,
  canceled: 6,
};

/** Events whose object is the subscription itself; any other event is acknowledged and skipped. */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

/** When a subscription's paid (or trial) period ends; Stripe keeps the period on its items. */
function endDateOf(subscription: Stripe.Subscription): Date | null {
  if (subscription.status === 'trialing' && subscription.trial_end) {
    return unixToDate(subscription.trial_end);
  }
  if (subscription.status === 'canceled') {
    return unixToDate(subscription.ended_at ?? subscription.cancel_at);
  }
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  return unixToDate(subscription.cancel_at ?? periodEnd);
}

export function createBillingService(
  stripe: StripeClient | null,
  options: {
    webhookSecret: string;
    publicUrl: string;
    log: { warn: (obj: object, msg: string) => void };
    /**
     * A clinic's subscription whose seats differ from its members (a member joined during the
     * checkout, or an update was lost): the `clinic-seats` job puts it right.
     */
    reconcileSeats: (clinicId: number) => Promise<void>;
  },
): BillingService {
  let cachedProducts: { at: number; value: ProductList } | null = null;

  async function loadProducts(client: StripeClient): Promise<ProductList> {
    const [products, prices] = await Promise.all([
      client.products.list({ active: true, limit: 100 }),
      client.prices.list({ active: true, type: 'recurring', limit: 100 }),
    ]);
    const grouped: Record<string, Product> = {};
    for (const product of products.data) {
      const own = prices.data.filter((price) => idOf(price.product) === product.id);
      const planPrices: Price[] = [];
      for (const price of own) {
        const interval = billingIntervalSchema.safeParse(price.recurring?.interval);
        if (price.unit_amount === null || !interval.success) continue;
        planPrices.push({
          id: price.id,
          currency: price.currency,
          unit_amount: price.unit_amount,
          recurring: { interval: interval.data },
        });
      }
      if (planPrices.length === 0) continue;
      planPrices.sort((a, b) => a.unit_amount - b.unit_amount);
      grouped[product.metadata.key || product.id] = {
        id: product.id,
        name: product.name,
        metadata: {
          variationName: product.metadata.variationName || product.name,
          variationFeatures: product.metadata.variationFeatures ?? '',
          variationDescription:
            product.metadata.variationDescription || (product.description ?? ''),
        },
        prices: planPrices,
      };
    }
    return { billingEnabled: true, products: grouped };
  }

  /**
   * Mirrors one Stripe subscription, unless what is stored is newer (events arrive unordered).
   * `ownerId`: the user it is already known to belong to (Cancel found it by its user), whatever
   * its metadata says (issue 26: without our user id in it the cancel changed nothing).
   */
  async function applySubscription(
    tx: Db,
    subscription: Stripe.Subscription,
    eventAt: Date,
    ownerId?: string,
  ): Promise<{ clinicId: number; usable: boolean; quantity: number | null } | null> {
    const customerId = idOf(subscription.customer);
    const clinicId = await clinicOf(tx, subscription, customerId);
    if (clinicId === null && subscription.metadata?.clinicId) {
      // Bought for a clinic that is gone: it must not become its subscriber's own plan.
      options.log.warn({ subscription: subscription.id }, 'Stripe subscription of no known clinic');
      return null;
    }
    const metadataUser = subscription.metadata?.userId;
    const knownUser =
      ownerId ?? (metadataUser && (await userExists(tx, metadataUser)) ? metadataUser : null);
    // A clinic's subscription is held by who checked it out, or any owner once they are gone.
    const userId =
      clinicId !== null
        ? (knownUser ?? (await findClinicOwnerId(tx, clinicId)))
        : (knownUser ?? (customerId ? await findUserIdByCustomer(tx, customerId) : null));
    if (!userId) {
      options.log.warn({ subscription: subscription.id }, 'Stripe subscription of no known user');
      return null;
    }
    const quantity = subscription.items?.data?.[0]?.quantity ?? null;
    const stored = await lockSubscription(tx, subscription.id);
    if (stored?.stripeEventAt) {
      const storedAt = stored.stripeEventAt.getTime();
      const sameSecondButEarlier =
        storedAt === eventAt.getTime() &&
        (STATUS_ORDER[subscription.status] ?? 0) < (STATUS_ORDER[stored.status] ?? 0);
      if (storedAt > eventAt.getTime() || sameSecondButEarlier) return null;
    }
    // A cancelled subscription stays cancelled: Stripe never revives one.
    if (stored?.status === 'canceled' && subscription.status !== 'canceled') return null;
    await upsertSubscription(tx, {
      id: subscription.id,
      userId,
      clinicId,
      quantity,
      status: subscription.status,
      stripePriceId: subscription.items?.data?.[0]?.price?.id ?? null,
      stripeCustomerId: customerId,
      canceledAt: unixToDate(subscription.canceled_at),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      endDate: endDateOf(subscription),
      stripeEventAt: eventAt,
      createdAt: unixToDate(subscription.created) ?? new Date(),
    });
    if (clinicId !== null) {
      // The clinic's customer is the clinic's; its members' own trials are left as they are, so
      // a member who leaves is back on their own plan or trial (issue 29 item 3).
      if (customerId) await linkClinicCustomer(tx, clinicId, customerId);
      return { clinicId, usable: isSubscriptionUsable(subscription.status), quantity };
    }
    if (customerId) await linkCustomer(tx, userId, customerId);
    // Paying ends the free trial for good: after a cancelled plan the user is not a trial again.
    if (isSubscriptionUsable(subscription.status)) await endTrial(tx, userId);
    return null;
  }

  /**
   * The clinic a subscription pays for: the one its metadata names (set by the clinic's
   * checkout), else the one its customer belongs to; null for a clinician's own subscription.
   */
  async function clinicOf(
    tx: Db,
    subscription: Stripe.Subscription,
    customerId: string | null,
  ): Promise<number | null> {
    const named = Number(subscription.metadata?.clinicId);
    if (Number.isSafeInteger(named) && named > 0 && (await clinicExists(tx, named))) return named;
    return customerId ? findClinicIdByCustomer(tx, customerId) : null;
  }

  async function customerFor(client: StripeClient, db: Db, userId: string): Promise<string> {
    const existing = await findCustomerId(db, userId);
    if (existing) return existing;
    const user = await findUserById(db, userId);
    // The idempotency key makes concurrent first checkouts of one user get the same customer.
    const customer = await client.customers.create(
      {
        email: user?.email,
        name: user ? `${user.firstName} ${user.lastName}`.trim() || undefined : undefined,
        metadata: { userId },
      },
      { idempotencyKey: `clerkly-customer-${userId}` },
    );
    return linkCustomer(db, userId, customer.id);
  }

  return {
    enabled: stripe !== null,

    async productList() {
      if (!stripe) return { billingEnabled: false, products: {} };
      // Prices change rarely; a minute of caching keeps page loads off Stripe's rate limits.
      if (cachedProducts && Date.now() - cachedProducts.at < 60_000) return cachedProducts.value;
      try {
        const value = await loadProducts(stripe);
        cachedProducts = { at: Date.now(), value };
        return value;
      } catch (error) {
        return fromStripeError(error, 'The plans could not be loaded from the payment provider.');
      }
    },

    async createCheckout(db, userId, priceId, idempotencyKey) {
      const client = requireStripe(stripe);
      if (await findUsableSubscription(db, userId)) {
        throw new BillingError(
          409,
          CODES.alreadySubscribed,
          'You already have an active subscription.',
        );
      }
      return openSubscriptionCheckout(client, priceId, async () => {
        const customer = await customerFor(client, db, userId);
        return client.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            client_reference_id: userId,
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: `${options.publicUrl}/payment?status=success&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${options.publicUrl}/payment?status=cancelled`,
            subscription_data: { metadata: { userId } },
            metadata: { userId },
          },
          { idempotencyKey: `clerkly-checkout-${userId}-${idempotencyKey}` },
        );
      });
    },

    async cancel(db, userId) {
      const client = requireStripe(stripe);
      const current = await findUsableSubscription(db, userId);
      if (!current)
        throw new BillingError(404, CODES.noSubscription, LIMIT_MESSAGES.noActiveSubscription);
      let updated: Stripe.Subscription;
      try {
        // At period end: the clinician keeps what they paid for (spec point 2 "Plan ends").
        updated = await client.subscriptions.update(
          current.id,
          { cancel_at_period_end: true },
          { idempotencyKey: `clerkly-cancel-${current.id}` },
        );
      } catch (error) {
        return fromStripeError(error, 'Failed cancelling subscription');
      }
      // Stripe's answer is newer than any event sent before it; whole seconds, like events.
      const answeredAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      await db.transaction((tx) => applySubscription(tx, updated, answeredAt, userId));
      const row = await findCurrentSubscription(db, userId);
      return toSubscription(row!);
    },

    async handleWebhook(db, rawBody, signature) {
      const client = requireStripe(stripe);
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('missing signature');
        event = await client.webhooks.constructEventAsync(
          rawBody,
          signature,
          options.webhookSecret,
        );
      } catch {
        throw new BillingError(400, CODES.invalidSignature, 'Invalid Stripe signature.');
      }
      // Signed is not well-formed (issue 23, item 9): what is read below must have its shape.
      if (!isReadableEvent(event)) {
        throw new BillingError(400, CODES.malformedEvent, 'The Stripe event could not be read.');
      }
      const eventAt = new Date(event.created * 1000);
      // Outside the transaction: network calls must not hold database locks.
      let subscription: Stripe.Subscription | null = null;
      let checkoutCustomer: { userId: string; customerId: string } | null = null;
      let clinicCustomer: { clinicId: number; customerId: string } | null = null;
      if (SUBSCRIPTION_EVENTS.has(event.type)) {
        subscription = (event as Stripe.CustomerSubscriptionUpdatedEvent).data.object;
      } else if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        const customerId = idOf(session.customer);
        const clinicId = Number(session.metadata?.clinicId);
        if (Number.isSafeInteger(clinicId) && clinicId > 0 && customerId) {
          clinicCustomer = { clinicId, customerId };
        } else if (session.client_reference_id && customerId) {
          checkoutCustomer = { userId: session.client_reference_id, customerId };
        }
        const subscriptionId = idOf(session.subscription);
        if (subscriptionId) {
          try {
            subscription = await client.subscriptions.retrieve(subscriptionId);
          } catch (error) {
            // Stripe delivers the event again later; nothing is recorded as done.
            return fromStripeError(error, 'The subscription could not be read from Stripe.');
          }
        }
      }
      let duplicate = false;
      const clinicPlan = await db.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.type))) {
          duplicate = true;
          return null;
        }
        if (checkoutCustomer && (await userExists(tx, checkoutCustomer.userId))) {
          await linkCustomer(tx, checkoutCustomer.userId, checkoutCustomer.customerId);
        }
        if (clinicCustomer && (await clinicExists(tx, clinicCustomer.clinicId))) {
          await linkClinicCustomer(tx, clinicCustomer.clinicId, clinicCustomer.customerId);
        }
        if (!subscription) return null;
        const clinic = await applySubscription(tx, subscription, eventAt);
        return clinic?.usable ? { ...clinic, seats: await countSeats(tx, clinic.clinicId) } : null;
      });
      // After the commit: the job reads what this event wrote.
      if (clinicPlan && clinicPlan.quantity !== clinicPlan.seats) {
        await options.reconcileSeats(clinicPlan.clinicId);
      }
      return { duplicate };
    },
  };
}
