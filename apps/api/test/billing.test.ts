import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMIT_MESSAGES,
  endDateLabel,
  productListSchema,
  subscriptionSchema,
} from '@clerkly/contracts';
import { billingCustomers, processedWebhookEvents, subscriptions, users } from '../src/db/schema';
import {
  startStripeServer,
  stripeFixture,
  type StripeServer,
} from './fixtures/stripe/stripe-server';
import {
  ORIGIN,
  buildTestApp,
  createUser,
  errorOf,
  injectAs,
  newSessionForm,
  type TestApp,
  type TestUser as User,
} from './helper';
import {
  WEBHOOK_SECRET,
  postWebhook,
  recordedStripeBilling,
  webhookSigner,
  type Json,
} from './stripe-webhook';

const call = (app: TestApp, user: User, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(app.app, user, method, url, payload);

const newSession = newSessionForm();

/** A recorded event, made this user's, with its own id and time. */
function eventFor(
  file: string,
  user: User,
  overrides: { id?: string; created?: number; object?: Json } = {},
): Json {
  const event = stripeFixture<Json & { data: { object: Json } }>(file);
  const object = { ...event.data.object, ...overrides.object };
  if (object.object === 'subscription') {
    object.metadata = { userId: user.id };
    object.customer = `cus_of_${user.id}`;
  }
  return {
    ...event,
    id: overrides.id ?? `${String(event.id)}_${user.id}`,
    created: overrides.created ?? event.created,
    data: { ...event.data, object },
  };
}

const deliver = (app: TestApp, event: Json, sign?: Parameters<typeof postWebhook>[2]) =>
  postWebhook(app.app, event, sign);

describe('billing off (no STRIPE_SECRET_KEY, the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists no paid plans and answers every billing call without crashing', async () => {
    const user = await createUser(app.app);
    const list = await call(app, user, 'GET', '/api/stripe/product-list');
    expect(list.statusCode).toBe(200);
    expect(productListSchema.parse(list.json())).toEqual({ billingEnabled: false, products: {} });

    const current = await call(app, user, 'GET', '/api/subscriptions/user/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toBeNull();

    const checkout = await call(app, user, 'POST', '/api/stripe/create-checkout-session', {
      priceId: 'price_1SProMonthlyAUD0001',
    });
    expect(checkout.statusCode).toBe(503);
    expect(errorOf(checkout.body)).toMatchObject({
      code: 'BILLING_DISABLED',
      message: 'Billing is not configured on this server.',
    });
    expect((await call(app, user, 'POST', '/api/stripe/cancel-subscription')).statusCode).toBe(503);
    expect(
      (await deliver(app, eventFor('event.customer.subscription.updated.json', user))).statusCode,
    ).toBe(503);

    const usage = await call(app, user, 'GET', '/api/usage/');
    expect(usage.json()).toEqual({ isFreeTrial: true, sessions: 0, notes: 0, access: 'trial' });
  });

  it('asks for a signed-in user', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/stripe/product-list' });
    expect(response.statusCode).toBe(401);
    const current = await app.app.inject({ method: 'GET', url: '/api/subscriptions/user/current' });
    expect(current.statusCode).toBe(401);
  });
});

describe('billing with Stripe (recorded responses)', () => {
  let app: TestApp;
  let stripe: StripeServer;
  beforeAll(async () => {
    stripe = await startStripeServer();
    app = await buildTestApp(recordedStripeBilling(stripe));
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const subscriptionRow = async (id: string) => {
    const [row] = await app.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id));
    return row;
  };
  const currentOf = async (user: User) => {
    const response = await call(app, user, 'GET', '/api/subscriptions/user/current');
    expect(response.statusCode).toBe(200);
    return subscriptionSchema.nullable().parse(response.json());
  };
  /** A subscription of the user's that our webhook has recorded and Stripe holds as active. */
  const activeAtStripe = async (
    user: User,
    id: string,
    atStripe: { customer: string; metadata: Record<string, string> },
  ) => {
    await deliver(
      app,
      eventFor('event.customer.subscription.updated.json', user, { object: { id } }),
    );
    stripe.subscriptions.set(id, { ...stripeFixture('subscription.active.json'), id, ...atStripe });
  };

  it('lists the plans grouped by key, each with its monthly and annual price', async () => {
    const user = await createUser(app.app);
    const response = await call(app, user, 'GET', '/api/stripe/product-list');
    expect(response.statusCode, response.body).toBe(200);
    const list = productListSchema.parse(response.json());
    expect(list.billingEnabled).toBe(true);
    expect(Object.keys(list.products)).toEqual(['pro']);
    expect(list.products.pro!.metadata.variationName).toBe('Pro');
    expect(list.products.pro!.prices).toEqual([
      {
        id: 'price_1SProMonthlyAUD0001',
        currency: 'aud',
        unit_amount: 4900,
        recurring: { interval: 'month' },
      },
      {
        id: 'price_1SProAnnualAUD00001',
        currency: 'aud',
        unit_amount: 49000,
        recurring: { interval: 'year' },
      },
    ]);
    const sent = stripe.requests.find((r) => r.path === '/v1/products');
    expect(sent?.headers.authorization).toBe('Bearer sk_test_clerkly');
  });

  it('creates a checkout session on one Stripe customer per user, with idempotency keys', async () => {
    const user = await createUser(app.app);
    const before = stripe.requests.length;
    const first = await app.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { cookie: user.cookie, origin: ORIGIN, 'idempotency-key': 'click-0001-abcdef' },
      payload: { priceId: 'price_1SProMonthlyAUD0001' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json<{ id: string; url: string }>();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);

    const second = await call(app, user, 'POST', '/api/stripe/create-checkout-session', {
      priceId: 'price_1SProAnnualAUD00001',
    });
    expect(second.statusCode).toBe(200);

    const sent = stripe.requests.slice(before);
    const customerCreates = sent.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customerCreates).toHaveLength(1);
    expect(customerCreates[0]!.headers['idempotency-key']).toBe(`clerkly-customer-${user.id}`);
    expect(customerCreates[0]!.form.get('metadata[userId]')).toBe(user.id);

    const checkouts = sent.filter((r) => r.path === '/v1/checkout/sessions');
    expect(checkouts).toHaveLength(2);
    const customerId = checkouts[0]!.form.get('customer');
    expect(customerId).toMatch(/^cus_/);
    expect(checkouts[1]!.form.get('customer')).toBe(customerId);
    expect(checkouts[0]!.headers['idempotency-key']).toBe(
      `clerkly-checkout-${user.id}-click-0001-abcdef`,
    );
    expect(checkouts[1]!.headers['idempotency-key']).toMatch(/^clerkly-checkout-/);
    expect(checkouts[0]!.form.get('mode')).toBe('subscription');
    expect(checkouts[0]!.form.get('line_items[0][price]')).toBe('price_1SProMonthlyAUD0001');
    expect(checkouts[1]!.form.get('line_items[0][price]')).toBe('price_1SProAnnualAUD00001');
    expect(checkouts[0]!.form.get('success_url')).toBe(
      'http://localhost:3000/payment?status=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(checkouts[0]!.form.get('client_reference_id')).toBe(user.id);
    const [linked] = await app.app.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(linked?.stripeCustomerId).toBe(customerId);
  });

  it('refuses unknown, inactive and malformed prices with a clear 400', async () => {
    const user = await createUser(app.app);
    for (const priceId of ['price_DoesNotExist', 'price_1SOldInactive000001']) {
      const response = await call(app, user, 'POST', '/api/stripe/create-checkout-session', {
        priceId,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body)).toMatchObject({
        code: 'UNKNOWN_PRICE',
        message: 'This plan is not available.',
      });
    }
    for (const payload of [{}, { priceId: 'pro monthly' }, { priceId: 42 }]) {
      const response = await call(
        app,
        user,
        'POST',
        '/api/stripe/create-checkout-session',
        payload,
      );
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers 502 with a message when Stripe fails, and nothing is stored', async () => {
    const user = await createUser(app.app);
    stripe.override('GET /v1/prices/:id', () => ({
      status: 500,
      body: stripeFixture('error.api.500.json'),
    }));
    try {
      const response = await call(app, user, 'POST', '/api/stripe/create-checkout-session', {
        priceId: 'price_1SProMonthlyAUD0001',
      });
      expect(response.statusCode).toBe(502);
      expect(errorOf(response.body).message).toBe('Failed creating checkout session');
    } finally {
      stripe.override('GET /v1/prices/:id', (_request, match) => ({
        status: 200,
        body: stripeFixture(
          match[1] === 'price_1SProAnnualAUD00001' ? 'price.annual.json' : 'price.monthly.json',
        ),
      }));
    }
    const linked = await app.app.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(linked).toEqual([]);
  });

  it('lifts the trial limits on an active subscription; a replay of the event changes nothing', async () => {
    const user = await createUser(app.app);
    for (let i = 0; i < 15; i += 1) {
      expect((await call(app, user, 'POST', '/api/patient-sessions/', newSession)).statusCode).toBe(
        201,
      );
    }
    const sixteenth = await call(app, user, 'POST', '/api/patient-sessions/', newSession);
    expect(sixteenth.statusCode).toBe(403);
    expect(errorOf(sixteenth.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);

    const subscriptionId = `sub_active_${user.id}`;
    const event = eventFor('event.customer.subscription.updated.json', user, {
      object: { id: subscriptionId },
    });
    const delivered = await deliver(app, event);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true, duplicate: false });

    const current = await currentOf(user);
    expect(current).toMatchObject({
      id: subscriptionId,
      status: 'active',
      canceledAt: null,
      endDate: new Date(1797988460 * 1000).toISOString(),
      planDuration: { stripePriceId: 'price_1SProMonthlyAUD0001' },
    });
    expect(endDateLabel(current!)).toBe('Renews');
    expect((await call(app, user, 'GET', '/api/usage/')).json()).toEqual({
      isFreeTrial: false,
      sessions: 15,
      notes: 0,
      access: 'paid',
    });
    expect((await call(app, user, 'POST', '/api/patient-sessions/', newSession)).statusCode).toBe(
      201,
    );
    const [profile] = await app.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(profile?.isTrial).toBe(false);

    const rowBefore = await subscriptionRow(subscriptionId);
    const replay = await deliver(app, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await subscriptionRow(subscriptionId)).toEqual(rowBefore);
    const [processed] = await app.app.database.db
      .select({ n: count() })
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, String(event.id)));
    expect(processed?.n).toBe(1);
  });

  it('answers 400, not 500, to validly signed events of a shape it cannot read (issue 23)', async () => {
    const junk = [
      {},
      { id: 'evt_junk_1', type: 'customer.subscription.updated', created: 1, data: { object: {} } },
      {
        id: 'evt_junk_2',
        type: 'customer.subscription.updated',
        created: 1,
        data: { object: { id: 'sub_junk', status: 'active', created: 1e20 } },
      },
      { id: 'evt_junk_3', type: 'checkout.session.completed', created: 'yesterday', data: null },
      {
        id: 'evt_junk_4',
        type: 'checkout.session.completed',
        created: 1,
        data: { object: { client_reference_id: 42, subscription: ['sub_x'] } },
      },
    ];
    for (const event of junk) {
      const response = await deliver(app, event);
      expect(response.statusCode, `${JSON.stringify(event)} → ${response.body}`).toBe(400);
      expect(errorOf(response.body).code).toBe('MALFORMED_EVENT');
    }
  });

  it('refuses a forged, stale, tampered or missing signature with 400 and changes nothing', async () => {
    const user = await createUser(app.app);
    const event = eventFor('event.customer.subscription.updated.json', user, {
      object: { id: `sub_forged_${user.id}` },
    });
    const attempts = [
      await deliver(app, event, { secret: 'whsec_notTheRealSecret000000000' }),
      await deliver(app, event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      await deliver(app, event, { header: null }),
      await deliver(app, event, { header: 't=1,v1=deadbeef' }),
    ];
    const payload = JSON.stringify(event);
    const tampered = await app.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': webhookSigner.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: payload.replace('"active"', '"trialing"'),
    });
    attempts.push(tampered);
    for (const response of attempts) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).code).toBe('INVALID_SIGNATURE');
    }
    expect(await currentOf(user)).toBeNull();
    expect((await call(app, user, 'GET', '/api/usage/')).json()).toMatchObject({
      isFreeTrial: true,
    });
    const processed = await app.app.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, String(event.id)));
    expect(processed).toEqual([]);
  });

  it('keeps the newest state whatever order the events arrive in', async () => {
    const user = await createUser(app.app);
    const id = `sub_reordered_${user.id}`;
    const created = eventFor('event.customer.subscription.created.json', user, { object: { id } });
    const activated = eventFor('event.customer.subscription.updated.json', user, {
      object: { id },
    });
    const deleted = eventFor('event.customer.subscription.deleted.json', user, { object: { id } });

    // Newest first: the activation, then the older "created" (incomplete) must not undo it.
    expect((await deliver(app, activated)).statusCode).toBe(200);
    expect((await deliver(app, created)).statusCode).toBe(200);
    expect((await currentOf(user))?.status).toBe('active');

    // Same second, reversed: incomplete never overwrites active.
    const sameSecondUser = await createUser(app.app);
    const sameId = `sub_samesecond_${sameSecondUser.id}`;
    await deliver(
      app,
      eventFor('event.customer.subscription.updated.json', sameSecondUser, {
        object: { id: sameId },
        created: 1795310060,
      }),
    );
    await deliver(
      app,
      eventFor('event.customer.subscription.created.json', sameSecondUser, {
        object: { id: sameId },
        created: 1795310060,
      }),
    );
    expect((await currentOf(sameSecondUser))?.status).toBe('active');

    // The end, then a late older update: the subscription stays cancelled.
    expect((await deliver(app, deleted)).statusCode).toBe(200);
    const lateUpdate = eventFor('event.customer.subscription.updated.json', user, {
      id: `evt_late_${user.id}`,
      object: { id },
      created: 1797000000,
    });
    expect((await deliver(app, lateUpdate)).statusCode).toBe(200);
    const ended = await currentOf(user);
    expect(ended?.status).toBe('canceled');
    expect(endDateLabel(ended!)).toBe('Plan ends');

    // Cancelled and no longer on trial: the user must subscribe again.
    const refused = await call(app, user, 'POST', '/api/patient-sessions/', newSession);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).message).toBe(LIMIT_MESSAGES.upgradeToCreateSessions);
    expect((await call(app, user, 'GET', '/api/usage/')).json()).toMatchObject({
      isFreeTrial: false,
    });
  });

  it('mirrors the subscription of a completed checkout, read from Stripe', async () => {
    const user = await createUser(app.app);
    const subscriptionId = `sub_checkout_${user.id}`;
    stripe.subscriptions.set(subscriptionId, {
      ...stripeFixture('subscription.active.json'),
      id: subscriptionId,
      customer: `cus_checkout_${user.id}`,
      metadata: { userId: user.id },
    });
    const event = eventFor('event.checkout.session.completed.json', user, {
      object: {
        client_reference_id: user.id,
        customer: `cus_checkout_${user.id}`,
        subscription: subscriptionId,
      },
    });
    const response = await deliver(app, event);
    expect(response.statusCode, response.body).toBe(200);
    expect((await currentOf(user))?.status).toBe('active');
    const [linked] = await app.app.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(linked?.stripeCustomerId).toBe(`cus_checkout_${user.id}`);
  });

  it('cancels at period end: Plan ends on the period end, then no active subscription', async () => {
    const user = await createUser(app.app);
    const noneYet = await call(app, user, 'POST', '/api/stripe/cancel-subscription');
    expect(noneYet.statusCode).toBe(404);
    expect(errorOf(noneYet.body).message).toBe(LIMIT_MESSAGES.noActiveSubscription);

    const id = `sub_cancel_${user.id}`;
    await activeAtStripe(user, id, {
      customer: `cus_of_${user.id}`,
      metadata: { userId: user.id },
    });
    const cancelled = await call(app, user, 'POST', '/api/stripe/cancel-subscription');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = subscriptionSchema.parse(cancelled.json());
    expect(body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      canceledAt: new Date(1795900000 * 1000).toISOString(),
      endDate: new Date(1797988460 * 1000).toISOString(),
    });
    expect(endDateLabel(body)).toBe('Plan ends');
    const update = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${id}`,
    );
    expect(update?.form.get('cancel_at_period_end')).toBe('true');
    expect(update?.headers['idempotency-key']).toBe(`clerkly-cancel-${id}`);
    // Still paid until the period ends.
    expect((await call(app, user, 'GET', '/api/usage/')).json()).toMatchObject({
      isFreeTrial: false,
    });
    expect((await call(app, user, 'POST', '/api/patient-sessions/', newSession)).statusCode).toBe(
      201,
    );
  });

  // Issue 26: Stripe's mock answered with a subscription lacking our user id in its metadata,
  // and the cancel answered 200 and changed nothing.
  it('applies the cancel Stripe answered even without our user id in its metadata', async () => {
    const user = await createUser(app.app);
    const id = `sub_nometa_${user.id}`;
    await activeAtStripe(user, id, { customer: `cus_unlinked_${user.id}`, metadata: {} });
    const cancelled = await call(app, user, 'POST', '/api/stripe/cancel-subscription');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(subscriptionSchema.parse(cancelled.json())).toMatchObject({ cancelAtPeriodEnd: true });
    const stored = await subscriptionRow(id);
    expect(stored).toMatchObject({ userId: user.id, cancelAtPeriodEnd: true });
  });

  it('answers a trialing subscription with Trial Ends', async () => {
    const user = await createUser(app.app);
    const id = `sub_trial_${user.id}`;
    await deliver(
      app,
      eventFor('event.customer.subscription.updated.json', user, {
        object: { ...stripeFixture('subscription.trialing.json'), id },
      }),
    );
    const current = await currentOf(user);
    expect(current).toMatchObject({
      status: 'trialing',
      endDate: new Date(1796519660 * 1000).toISOString(),
    });
    expect(endDateLabel(current!)).toBe('Trial Ends');
  });
});

describe('USAGE_LIMITS=off (a self-hosted clinic that bills nobody)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ usageLimits: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lets anyone create more than 15 sessions and shows no trial', async () => {
    const user = await createUser(app.app);
    await app.app.database.db.update(users).set({ isTrial: false }).where(eq(users.id, user.id));
    for (let i = 0; i < 16; i += 1) {
      expect((await call(app, user, 'POST', '/api/patient-sessions/', newSession)).statusCode).toBe(
        201,
      );
    }
    expect((await call(app, user, 'GET', '/api/usage/')).json()).toEqual({
      isFreeTrial: false,
      sessions: 16,
      notes: 0,
      access: 'unlimited',
    });
  });
});

// Runs only with a Stripe test-mode key (never a live one): the same calls against Stripe itself.
const liveKey = process.env.STRIPE_TEST_SECRET_KEY;
describe.runIf(liveKey?.startsWith('sk_test_'))('Stripe test mode (live)', () => {
  let app: TestApp;
  beforeAll(async () => {
    const { createStripeClient } = await import('../src/modules/billing/stripe-client');
    const { seedStripeCatalogue } = await import('../src/modules/billing/seed-catalogue');
    const stripe = { secretKey: liveKey!, webhookSecret: WEBHOOK_SECRET, apiUrl: null };
    await seedStripeCatalogue(createStripeClient(stripe));
    app = await buildTestApp({ billing: { stripe } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the seeded plan and opens a hosted checkout for it', async () => {
    const user = await createUser(app.app);
    const list = productListSchema.parse(
      (await call(app, user, 'GET', '/api/stripe/product-list')).json(),
    );
    const monthly = list.products.pro?.prices.find((p) => p.recurring.interval === 'month');
    expect(monthly).toMatchObject({ currency: 'aud', unit_amount: 4900 });
    const checkout = await call(app, user, 'POST', '/api/stripe/create-checkout-session', {
      priceId: monthly!.id,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });
});
