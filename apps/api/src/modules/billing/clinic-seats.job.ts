import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { countSeats } from '../clinics/clinics.repository';
import { findUsableClinicSubscription, setSubscriptionQuantity } from './billing.repository';
import type { StripeClient } from './stripe-client';

/** What the billing jobs run with. */
export interface BillingJobDeps {
  db: Db;
  /** Null with billing off: there is no subscription to update. */
  stripe: StripeClient | null;
  log: FastifyBaseLogger;
}

/**
 * Makes the quantity of the clinic's usable subscription at Stripe its number of seats, with
 * Stripe's proration for the rest of the period (issue 29 item 3). Reads both afresh, so a job
 * that runs late or twice sets what is true when it runs, and changes nothing when they agree.
 * Returns the quantity now at Stripe, or null when the clinic has no usable subscription.
 */
async function syncClinicSeats(
  deps: BillingJobDeps,
  clinicId: number,
  jobId: string,
): Promise<number | null> {
  const { stripe, db } = deps;
  if (!stripe) return null;
  const subscription = await findUsableClinicSubscription(db, clinicId);
  if (!subscription) return null;
  // Every clinic keeps an owner, who takes a seat; a subscription never drops to nothing.
  const seats = Math.max(1, await countSeats(db, clinicId));
  // Stripe, not the mirror, says what is paid for now, and which item carries the seats.
  const remote = await stripe.subscriptions.retrieve(subscription.id);
  const item = remote.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  if (item.quantity === seats) {
    await setSubscriptionQuantity(db, subscription.id, seats);
    return seats;
  }
  const updated = await stripe.subscriptions.update(
    subscription.id,
    { items: [{ id: item.id, quantity: seats }], proration_behavior: 'create_prorations' },
    // The job's id makes its retries one change at Stripe. The quantity is part of the key:
    // Stripe refuses a key reused with other parameters, which a retry after a further join
    // would send, and that job would fail for good instead of setting the new count.
    { idempotencyKey: `clerkly-clinic-seats-${jobId}-${seats}` },
  );
  const quantity = updated.items.data[0]?.quantity ?? seats;
  await setSubscriptionQuantity(db, subscription.id, quantity);
  // Ids and counts only.
  deps.log.info({ clinicId, seats: quantity }, 'Clinic seats updated at Stripe');
  return quantity;
}

/**
 * Sent when a clinic's members change (join, removal, role change) and when a Stripe event shows
 * a quantity other than the seats. One waiting job per clinic: changes in quick succession are
 * one update, made with the count as it is when the job runs.
 */
export const clinicSeatsJob = defineJob({
  name: 'clinic-seats',
  payload: z.object({ clinicId: z.number().int().positive() }),
  key: ({ clinicId }) => `clinic-${clinicId}`,
  retry: { limit: 5, expireInSeconds: 5 * 60 },
  concurrency: 1,
  handle: async (deps: BillingJobDeps, { clinicId }, { jobId }) => {
    await syncClinicSeats(deps, clinicId, jobId);
  },
  onDead: async (deps: BillingJobDeps, { clinicId }) => {
    // The owner sees seats and paid quantity side by side on the Subscription page; the next
    // membership change or subscription event sends the job again.
    deps.log.error({ clinicId }, 'Clinic seats could not be updated at Stripe');
  },
});
