import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordSends, sessionNotes } from '../../db/schema';

export type RecordSendRow = typeof recordSends.$inferSelect;

/** A session's saved note by template, for sending: its id, or null without saved text. */
export async function findSavedNoteId(db: Db, sessionId: number, templateId: number) {
  const [row] = await db
    .select({ id: sessionNotes.id, contentSealed: sessionNotes.contentSealed })
    .from(sessionNotes)
    .where(and(eq(sessionNotes.sessionId, sessionId), eq(sessionNotes.templateId, templateId)));
  return row?.contentSealed ? row.id : null;
}

/**
 * Queues a send of a note: a first send creates its row, a later one (a Retry, or a send of an
 * edited note) starts its attempts again. A send still queued is left as it is and not returned,
 * so only one job per note waits at a time.
 */
export async function queueSend(
  db: Db,
  send: { noteId: number; sessionId: number; userId: string },
): Promise<RecordSendRow | null> {
  const [row] = await db
    .insert(recordSends)
    .values({ ...send, status: 'queued', attempts: 0 })
    .onConflictDoUpdate({
      target: recordSends.noteId,
      set: { status: 'queued', attempts: 0, lastError: null, updatedAt: sql`now()` },
      setWhere: sql`${recordSends.status} <> 'queued'`,
    })
    .returning();
  return row ?? null;
}

/** Counts an attempt of a queued send; null when the send is no longer queued. */
export async function startAttempt(db: Db, noteId: number) {
  const [row] = await db
    .update(recordSends)
    .set({ attempts: sql`${recordSends.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(recordSends.noteId, noteId), eq(recordSends.status, 'queued')))
    .returning();
  return row ?? null;
}

export async function markSent(db: Db, noteId: number, remoteId: string) {
  await db
    .update(recordSends)
    .set({ status: 'sent', lastError: null, sentAt: sql`now()`, remoteId, updatedAt: sql`now()` })
    .where(eq(recordSends.noteId, noteId));
}

export async function recordAttemptError(db: Db, noteId: number, reason: string) {
  await db
    .update(recordSends)
    .set({ lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(recordSends.noteId, noteId), eq(recordSends.status, 'queued')));
}

/** The dead letter: a queued send whose retries are used up is failed. */
export async function markFailed(db: Db, noteId: number, reason: string) {
  const [row] = await db
    .update(recordSends)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${recordSends.lastError}, ${reason})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(recordSends.noteId, noteId), eq(recordSends.status, 'queued')))
    .returning();
  return row ?? null;
}

/** A session's sends with the template of each note. */
export async function listSessionSends(db: Db, sessionId: number) {
  return db
    .select({
      templateId: sessionNotes.templateId,
      status: recordSends.status,
      attempts: recordSends.attempts,
      lastError: recordSends.lastError,
      sentAt: recordSends.sentAt,
      remoteId: recordSends.remoteId,
    })
    .from(recordSends)
    .innerJoin(sessionNotes, eq(sessionNotes.id, recordSends.noteId))
    .where(eq(recordSends.sessionId, sessionId))
    .orderBy(sessionNotes.templateId);
}
