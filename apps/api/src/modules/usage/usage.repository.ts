import { ACTIVE_SUBSCRIPTION_STATUSES } from '@clerkly/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, usageCounters } from '../../db/schema';

export async function readUsage(db: Db, userId: string) {
  const [row] = await db.select().from(usageCounters).where(eq(usageCounters.userId, userId));
  return { sessions: row?.sessions ?? 0, notes: row?.notes ?? 0 };
}

/**
 * The user's counters row, created if missing and locked until the surrounding transaction ends
 * (`SELECT ... FOR UPDATE`): a second reservation for the same user waits here and then reads
 * the first one's count, so the check and the count cannot interleave. PGlite runs one
 * transaction at a time, which gives the same guarantee.
 */
export async function lockUsage(tx: Db, userId: string) {
  await tx.insert(usageCounters).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(usageCounters)
    .where(eq(usageCounters.userId, userId))
    .for('update');
  return { sessions: row?.sessions ?? 0, notes: row?.notes ?? 0 };
}

export async function addUsage(
  tx: Db,
  userId: string,
  delta: { sessions?: number; notes?: number },
): Promise<void> {
  await tx
    .update(usageCounters)
    .set({
      sessions: sql`greatest(${usageCounters.sessions} + ${delta.sessions ?? 0}, 0)`,
      notes: sql`greatest(${usageCounters.notes} + ${delta.notes ?? 0}, 0)`,
    })
    .where(eq(usageCounters.userId, userId));
}

export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
