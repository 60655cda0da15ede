import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, usageCounters } from '../../db/schema';

/** Statuses that make a subscription usable (spec point 4). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

export async function readUsage(db: Db, userId: string) {
  const [row] = await db.select().from(usageCounters).where(eq(usageCounters.userId, userId));
  return { sessions: row?.sessions ?? 0, notes: row?.notes ?? 0 };
}

export async function addUsage(
  db: Db,
  userId: string,
  delta: { sessions?: number; notes?: number },
): Promise<void> {
  const sessions = delta.sessions ?? 0;
  const notes = delta.notes ?? 0;
  await db
    .insert(usageCounters)
    .values({ userId, sessions, notes })
    .onConflictDoUpdate({
      target: usageCounters.userId,
      set: {
        sessions: sql`${usageCounters.sessions} + ${sessions}`,
        notes: sql`${usageCounters.notes} + ${notes}`,
      },
    });
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
