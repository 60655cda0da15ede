import { ACTIVE_SUBSCRIPTION_STATUSES } from '@clerkly/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingCustomers, processedWebhookEvents, subscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findCustomerId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
}

/** Links a Stripe customer to a user unless one is linked already; returns the linked one. */
export async function linkCustomer(db: Db, userId: string, stripeCustomerId: string) {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
  return (await findCustomerId(db, userId)) ?? stripeCustomerId;
}

export async function findUserIdByCustomer(db: Db, stripeCustomerId: string) {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return row?.userId ?? null;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}

/** The subscription the page shows: a usable one first, else the most recent. */
export async function findCurrentSubscription(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  const usable = rows.find((row) =>
    (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status),
  );
  return usable ?? rows[0] ?? null;
}

export async function findUsableSubscription(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function lockSubscription(tx: Db, id: string) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function upsertSubscription(tx: Db, values: typeof subscriptions.$inferInsert) {
  const { id: _id, createdAt: _createdAt, ...changes } = values;
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: { ...changes, updatedAt: new Date() },
    });
}

export async function endTrial(tx: Db, userId: string) {
  await tx.update(users).set({ isTrial: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Claims a Stripe event id inside the caller's transaction. False when it was already claimed:
 * the event was applied before (or is being applied now, and this one waits for it and then
 * sees it), so it must not be applied again.
 */
export async function claimEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const claimed = await tx
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return claimed.length > 0;
}
