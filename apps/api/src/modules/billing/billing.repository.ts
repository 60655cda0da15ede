import { ACTIVE_SUBSCRIPTION_STATUSES } from '@clerkly/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingCustomers,
  clinicMembers,
  clinics,
  processedWebhookEvents,
  subscriptions,
  users,
} from '../../db/schema';

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

/**
 * A clinician's own subscriptions: not their clinic's, even when they are the owner who checked
 * it out (issue 29: the clinic's plan stays the clinic's when that owner leaves).
 */
const ownBy = (userId: string) =>
  and(eq(subscriptions.userId, userId), isNull(subscriptions.clinicId));

const usable = inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]);

/** A usable subscription first, else the most recent. */
async function currentOf(db: Db, where: SQL | undefined) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt));
  const found = rows.find((row) =>
    (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status),
  );
  return found ?? rows[0] ?? null;
}

async function usableOf(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(where, usable))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** The subscription the page shows: a usable one first, else the most recent. */
export const findCurrentSubscription = (db: Db, userId: string) => currentOf(db, ownBy(userId));

export const findUsableSubscription = (db: Db, userId: string) => usableOf(db, ownBy(userId));

/** The clinic's subscription its members see: a usable one first, else the most recent. */
export const findCurrentClinicSubscription = (db: Db, clinicId: number) =>
  currentOf(db, eq(subscriptions.clinicId, clinicId));

export const findUsableClinicSubscription = (db: Db, clinicId: number) =>
  usableOf(db, eq(subscriptions.clinicId, clinicId));

/** Records the seats Stripe confirmed, leaving the rest of the mirror to the webhook. */
export async function setSubscriptionQuantity(db: Db, id: string, quantity: number) {
  await db
    .update(subscriptions)
    .set({ quantity, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function findClinicCustomerId(db: Db, clinicId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: clinics.stripeCustomerId })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row?.id ?? null;
}

/** Links a Stripe customer to a clinic unless one is linked already; returns the linked one. */
export async function linkClinicCustomer(db: Db, clinicId: number, stripeCustomerId: string) {
  await db
    .update(clinics)
    .set({ stripeCustomerId })
    .where(and(eq(clinics.id, clinicId), isNull(clinics.stripeCustomerId)));
  return (await findClinicCustomerId(db, clinicId)) ?? stripeCustomerId;
}

export async function findClinicIdByCustomer(db: Db, stripeCustomerId: string) {
  const [row] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(clinics.stripeCustomerId, stripeCustomerId));
  return row?.id ?? null;
}

export async function clinicExists(db: Db, clinicId: number): Promise<boolean> {
  const rows = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId));
  return rows.length > 0;
}

/** A current owner of the clinic, to hold a clinic subscription whose subscriber is gone. */
export async function findClinicOwnerId(db: Db, clinicId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: clinicMembers.userId })
    .from(clinicMembers)
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'owner')))
    .orderBy(asc(clinicMembers.joinedAt), asc(clinicMembers.userId))
    .limit(1);
  return row?.userId ?? null;
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
