/**
 * Issue 29 item 3: clinic billing against recorded Stripe responses, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL. A clinic of 3 subscribes once for 3 seats; a 4th member raises
 * the quantity through the `clinic-seats` job (asserted on the request Stripe received); members
 * of the paying clinic create sessions beyond the trial limits, a removed member is back on the
 * trial at once, and clinicians outside the clinic keep their trial. Only owners subscribe and
 * manage (another member 403, a clinician outside any clinic 404).
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLINIC_BILLING_MESSAGES,
  CLINIC_MESSAGES,
  FREE_TRIAL,
  LIMIT_MESSAGES,
  clinicBillingSchema,
} from '@clerkly/contracts';
import { clinics, subscriptions } from '../src/db/schema';
import {
  startStripeServer,
  stripeFixture,
  type StripeServer,
} from './fixtures/stripe/stripe-server';
import { clinicFixture } from './clinic-fixture';
import {
  ORIGIN,
  buildTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser as User,
} from './helper';
import { postWebhook, recordedStripeBilling, type Json } from './stripe-webhook';

let app: TestApp;
let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await buildTestApp(recordedStripeBilling(stripe));
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const { call, join } = clinicFixture(() => app.app);

async function billingOf(user: User) {
  const response = await call(user, 'GET', '/api/clinic/billing');
  expect(response.statusCode, response.body).toBe(200);
  return clinicBillingSchema.parse(response.json());
}

const newSession = (user: User) =>
  call(user, 'POST', '/api/patient-sessions/', {
    firstName: 'Jane Citizen',
    appointmentTypeId: 1,
    patientConsent: true,
  });

const usageOf = async (user: User) =>
  (await call(user, 'GET', '/api/usage/')).json<{ isFreeTrial: boolean; access: string }>();

/** A recorded event with its object replaced, signed as Stripe signs it. */
async function deliver(file: string, id: string, created: number, object: Json) {
  const event = stripeFixture<Json & { data: { object: Json } }>(file);
  const response = await postWebhook(app.app, {
    ...event,
    id,
    created,
    data: { ...event.data, object: { ...event.data.object, ...object } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The requests the app sent to Stripe to change the subscription's seats. */
const seatUpdates = (subscriptionId: string) =>
  stripe.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === `/v1/subscriptions/${subscriptionId}` &&
      request.form.has('items[0][quantity]'),
  );

/**
 * Waits for the `clinic-seats` job (it runs in this process's worker) to have set `quantity` at
 * Stripe and in the mirror. Generous, since a loaded machine may be slow; nothing is timed.
 */
const seatsSettled = (owner: User, subscriptionId: string, quantity: number) =>
  vi.waitFor(
    async () => {
      const sent = seatUpdates(subscriptionId).at(-1);
      expect(sent?.form.get('items[0][quantity]')).toBe(String(quantity));
      expect((await billingOf(owner)).subscription?.quantity).toBe(quantity);
      return sent!;
    },
    { timeout: 60_000, interval: 100 },
  );

let owner: User;
let admin: User;
let clinician: User;
let fourth: User;
let loner: User;
let clinicId: number;
let customerId: string;
const subscriptionId = 'sub_1SClinicSeats000001';

describe('clinic billing', () => {
  beforeAll(async () => {
    owner = await createUser(app.app, { firstName: 'Olive', lastName: 'Owner' });
    admin = await createUser(app.app, { firstName: 'Ada', lastName: 'Admin' });
    clinician = await createUser(app.app, { firstName: 'Colin', lastName: 'Clinician' });
    fourth = await createUser(app.app, { firstName: 'Fran', lastName: 'Fourth' });
    loner = await createUser(app.app, { firstName: 'Lou', lastName: 'Loner' });
  });

  it('a clinician outside any clinic gets 404 from every clinic billing route', async () => {
    const responses = [
      await call(loner, 'GET', '/api/clinic/billing'),
      await call(loner, 'POST', '/api/clinic/billing/checkout', {
        priceId: 'price_1SProMonthlyAUD0001',
      }),
      await call(loner, 'POST', '/api/clinic/billing/portal'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).message).toBe(CLINIC_MESSAGES.notMember);
    }
  });

  it('a clinic of 3 shows 3 seats and no plan; only its owner may subscribe or manage', async () => {
    const created = await call(owner, 'POST', '/api/clinic', { name: 'Harbour Clinic' });
    expect(created.statusCode, created.body).toBe(201);
    clinicId = created.json<{ id: number }>().id;
    await join(owner, admin, 'admin');
    await join(owner, clinician, 'clinician');

    expect(await billingOf(clinician)).toEqual({
      clinicName: 'Harbour Clinic',
      role: 'clinician',
      billingEnabled: true,
      seats: 3,
      subscription: null,
    });
    for (const member of [admin, clinician]) {
      const checkout = await call(member, 'POST', '/api/clinic/billing/checkout', {
        priceId: 'price_1SProMonthlyAUD0001',
      });
      expect(checkout.statusCode).toBe(403);
      expect(errorOf(checkout.body).message).toBe(CLINIC_MESSAGES.notOwner);
      const portal = await call(member, 'POST', '/api/clinic/billing/portal');
      expect(portal.statusCode).toBe(403);
    }
    expect(stripe.requests.filter((request) => request.method === 'POST')).toEqual([]);

    const noAccountYet = await call(owner, 'POST', '/api/clinic/billing/portal');
    expect(noAccountYet.statusCode).toBe(409);
    expect(errorOf(noAccountYet.body).message).toBe(CLINIC_BILLING_MESSAGES.noBillingAccount);
  });

  it('the owner checks out a subscription for 3 seats on the clinic’s own Stripe customer', async () => {
    const response = await call(
      owner,
      'POST',
      '/api/clinic/billing/checkout',
      { priceId: 'price_1SProMonthlyAUD0001' },
      { 'idempotency-key': 'clinic-click-0001' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const customer = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customer?.form.get('name')).toBe('Harbour Clinic');
    expect(customer?.form.get('metadata[clinicId]')).toBe(String(clinicId));
    expect(customer?.form.get('email')).toBe(owner.email);
    expect(customer?.headers['idempotency-key']).toBe(`clerkly-clinic-customer-${clinicId}`);

    const checkout = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(checkout?.form.get('mode')).toBe('subscription');
    expect(checkout?.form.get('line_items[0][price]')).toBe('price_1SProMonthlyAUD0001');
    expect(checkout?.form.get('line_items[0][quantity]')).toBe('3');
    expect(checkout?.form.get('metadata[clinicId]')).toBe(String(clinicId));
    expect(checkout?.form.get('subscription_data[metadata][clinicId]')).toBe(String(clinicId));
    expect(checkout?.form.get('client_reference_id')).toBeNull();
    expect(checkout?.form.get('success_url')).toBe(
      'http://localhost:3000/subscription?clinic_checkout=success',
    );
    expect(checkout?.headers['idempotency-key']).toBe(
      `clerkly-clinic-checkout-${clinicId}-clinic-click-0001`,
    );
    customerId = checkout!.form.get('customer')!;
    const [clinic] = await app.app.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.id, clinicId));
    expect(clinic?.stripeCustomerId).toBe(customerId);
  });

  it('the completed checkout makes every member a paid user, beyond the trial limits', async () => {
    stripe.subscriptions.set(subscriptionId, {
      ...stripeFixture('subscription.clinic.json'),
      customer: customerId,
      metadata: { clinicId: String(clinicId), userId: owner.id },
    });
    await deliver('event.checkout.session.completed.json', 'evt_clinic_checkout', 1795310062, {
      client_reference_id: null,
      customer: customerId,
      subscription: subscriptionId,
      metadata: { clinicId: String(clinicId), userId: owner.id },
    });

    const plan = await billingOf(clinician);
    expect(plan.seats).toBe(3);
    expect(plan.subscription).toMatchObject({
      id: subscriptionId,
      status: 'active',
      quantity: 3,
      endDate: new Date(1797988460 * 1000).toISOString(),
      planDuration: { stripePriceId: 'price_1SProMonthlyAUD0001' },
    });
    for (const member of [owner, admin, clinician]) {
      expect(await usageOf(member)).toMatchObject({ isFreeTrial: false, access: 'paid' });
    }
    for (let i = 0; i <= FREE_TRIAL.sessions; i += 1) {
      const created = await newSession(clinician);
      expect(created.statusCode, created.body).toBe(201);
    }
    // The clinic's plan is not the owner's own: it stays the clinic's if they leave.
    const own = await call(owner, 'GET', '/api/subscriptions/user/current');
    expect(own.json()).toBeNull();
    // Seats and quantity agree: no update was sent.
    expect(seatUpdates(subscriptionId)).toEqual([]);
  });

  it('a 4th member raises the quantity to 4, prorated, once', async () => {
    await join(owner, fourth, 'clinician');
    const sent = await seatsSettled(owner, subscriptionId, 4);
    expect(sent.form.get('items[0][id]')).toBe('si_TClinicSeatsItem01');
    expect(sent.form.get('proration_behavior')).toBe('create_prorations');
    expect(sent.headers['idempotency-key']).toMatch(/^clerkly-clinic-seats-[\w-]+-4$/);
    expect(seatUpdates(subscriptionId)).toHaveLength(1);
    expect((await billingOf(fourth)).seats).toBe(4);
    expect(await usageOf(fourth)).toMatchObject({ access: 'paid' });

    // Stripe's event for that change agrees with the seats: nothing more is sent.
    await deliver('event.customer.subscription.updated.json', 'evt_clinic_seats_4', 1795400000, {
      ...(stripe.subscriptions.get(subscriptionId) as Json),
    });
    expect((await billingOf(owner)).subscription?.quantity).toBe(4);
  });

  it('a removed member is back on the trial limits at once, and the quantity follows', async () => {
    const removed = await call(owner, 'DELETE', `/api/clinic/members/${clinician.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await newSession(clinician);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);
    expect(await usageOf(clinician)).toMatchObject({ isFreeTrial: true, access: 'trial' });
    expect((await call(clinician, 'GET', '/api/clinic/billing')).statusCode).toBe(404);

    await seatsSettled(owner, subscriptionId, 3);
    expect((await newSession(fourth)).statusCode).toBe(201);
  });

  it('a Stripe event with a quantity other than the seats sends the job that puts it right', async () => {
    // Changed at Stripe behind the app's back (the dashboard, a lost update): 5 seats for 3.
    const drifted = stripe.subscriptions.get(subscriptionId) as Json & {
      items: { data: Json[] };
    };
    const five = {
      ...drifted,
      items: { ...drifted.items, data: [{ ...drifted.items.data[0], quantity: 5 }] },
    };
    stripe.subscriptions.set(subscriptionId, five);
    const before = seatUpdates(subscriptionId).length;
    await deliver('event.customer.subscription.updated.json', 'evt_clinic_drift', 1795500000, five);
    const sent = await seatsSettled(owner, subscriptionId, 3);
    expect(seatUpdates(subscriptionId)).toHaveLength(before + 1);
    expect(sent.form.get('proration_behavior')).toBe('create_prorations');
  });

  it('a subscription bought for a clinic that does not exist never becomes its buyer’s own', async () => {
    await deliver('event.customer.subscription.updated.json', 'evt_no_clinic', 1795500001, {
      ...stripeFixture('subscription.clinic.json'),
      id: 'sub_of_no_clinic',
      customer: 'cus_of_no_clinic',
      metadata: { clinicId: '999999', userId: loner.id },
    });
    const rows = await app.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, 'sub_of_no_clinic'));
    expect(rows).toEqual([]);
    expect(await usageOf(loner)).toMatchObject({ isFreeTrial: true, access: 'trial' });
  });

  it('clinicians outside the paying clinic keep their trial limits', async () => {
    for (let i = 0; i < FREE_TRIAL.sessions; i += 1) {
      expect((await newSession(loner)).statusCode).toBe(201);
    }
    const refused = await newSession(loner);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);
    expect(await usageOf(loner)).toMatchObject({ isFreeTrial: true });
  });

  it('owners open the billing portal; a second checkout is refused while the plan is active', async () => {
    const portal = await call(owner, 'POST', '/api/clinic/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const sent = stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(sent?.form.get('customer')).toBe(customerId);
    expect(sent?.form.get('return_url')).toBe('http://localhost:3000/subscription');
    expect((await call(admin, 'POST', '/api/clinic/billing/portal')).statusCode).toBe(403);

    const again = await call(owner, 'POST', '/api/clinic/billing/checkout', {
      priceId: 'price_1SProMonthlyAUD0001',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).message).toBe(CLINIC_BILLING_MESSAGES.alreadySubscribed);
  });

  it('when the clinic’s plan ends, its members are back on their own plan or trial', async () => {
    await deliver('event.customer.subscription.deleted.json', 'evt_clinic_ended', 1795600000, {
      ...stripeFixture('subscription.canceled.json'),
      id: subscriptionId,
      customer: customerId,
      metadata: { clinicId: String(clinicId), userId: owner.id },
    });
    expect((await billingOf(admin)).subscription?.status).toBe('canceled');
    expect(await usageOf(admin)).toMatchObject({ isFreeTrial: true, access: 'trial' });
    const [row] = await app.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ clinicId, userId: owner.id });
  });
});

describe('clinic checkout with Stripe on, fuzzed', () => {
  it('answers junk bodies and headers with a 4xx and the error shape, never a 5xx', async () => {
    const fuzzOwner = await createUser(app.app);
    expect((await call(fuzzOwner, 'POST', '/api/clinic', { name: 'Fuzz Clinic' })).statusCode).toBe(
      201,
    );
    const junk = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.constantFrom(
        'price_',
        'price_DoesNotExist',
        'price_1SOldInactive000001',
        'x'.repeat(5000),
      ),
    );
    const body = fc.oneof(
      junk.map((priceId) => ({ priceId })),
      fc.dictionary(fc.constantFrom('priceId', 'quantity', 'clinicId', '__proto__'), junk),
      junk,
    );
    const key = fc.option(fc.oneof(fc.string(), fc.constantFrom('a'.repeat(101), 'short', '%00')));
    await fc.assert(
      fc.asyncProperty(body, key, async (payload, idempotencyKey) => {
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/clinic/billing/checkout',
          headers: {
            cookie: fuzzOwner.cookie,
            origin: ORIGIN,
            'content-type': 'application/json',
            ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
          },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(errorOf(response.body).message.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});
