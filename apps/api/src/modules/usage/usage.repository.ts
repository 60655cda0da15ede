import { ACTIVE_SUBSCRIPTION_STATUSES } from '@clerkly/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clinicMembers,
  generations,
  sessionNotes,
  subscriptions,
  usageCounters,
} from '../../db/schema';

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

/**
 * Paid: the user's own usable subscription, or one of the clinic they are a member of now
 * (issue 29 item 3). Membership is read in the same query, so a removed member is back on their
 * own plan or trial from their very next request.
 */
export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const clinicOfUser = db
    .select({ clinicId: clinicMembers.clinicId })
    .from(clinicMembers)
    .where(eq(clinicMembers.userId, userId));
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        or(
          and(eq(subscriptions.userId, userId), isNull(subscriptions.clinicId)),
          inArray(subscriptions.clinicId, clinicOfUser),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Templates a session's notes were already counted for (issue 26): its notes, and the templates
 * of its earlier generations of notes (a regeneration with an instruction is never counted).
 * "Record more" writes the same templates' notes again from the longer recording; a rewritten
 * note of the same session and template is one note, so it is not counted again.
 */
export async function countedTemplatesOfSession(db: Db, sessionId: number): Promise<Set<number>> {
  // One after the other: `db` is the transaction that reserves the notes (one connection), and
  // node-postgres deprecates a second query sent on a connection before the first has answered.
  const notes = await db
    .select({ templateId: sessionNotes.templateId })
    .from(sessionNotes)
    .where(eq(sessionNotes.sessionId, sessionId));
  const earlier = await db
    .select({ templateIds: generations.templateIds })
    .from(generations)
    .where(and(eq(generations.sessionId, sessionId), inArray(generations.kind, ['notes', 'more'])));
  return new Set([
    ...notes.map((note) => note.templateId),
    ...earlier.flatMap((generation) => generation.templateIds),
  ]);
}
