import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionUploads } from '../../db/schema';

/**
 * Whole recordings of the one-request upload (issue 23, findings 7 and 10): found again by
 * their bytes, and by the seat of a process that was killed while cutting them.
 */
export type SessionUpload = typeof sessionUploads.$inferSelect;

export async function findUpload(db: Db, sessionId: number, contentSha256: string) {
  const [row] = await db
    .select()
    .from(sessionUploads)
    .where(
      and(eq(sessionUploads.sessionId, sessionId), eq(sessionUploads.contentSha256, contentSha256)),
    );
  return row ?? null;
}

/** Records an upload before it is cut; null when the same bytes were recorded meanwhile. */
export async function insertUpload(db: Db, values: typeof sessionUploads.$inferInsert) {
  const [row] = await db
    .insert(sessionUploads)
    .values(values)
    .onConflictDoNothing({ target: [sessionUploads.sessionId, sessionUploads.contentSha256] })
    .returning();
  return row ?? null;
}

/** One more segment stored: a cut resumed after a crash starts after it. */
export async function recordSegmentCut(db: Db, id: number, nextSeq: number) {
  await db
    .update(sessionUploads)
    .set({
      segmentsCut: sql`${sessionUploads.segmentsCut} + 1`,
      segmentTo: nextSeq,
      updatedAt: new Date(),
    })
    .where(eq(sessionUploads.id, id));
}

export async function markUpload(
  db: Db,
  id: number,
  values: { status?: 'cutting' | 'cut'; generationId?: number; seat?: string },
) {
  await db
    .update(sessionUploads)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sessionUploads.id, id));
}

/** Uploads a process on `seat` was cutting when it stopped. */
export async function interruptedUploadsOf(db: Db, seat: string) {
  return db
    .select()
    .from(sessionUploads)
    .where(and(eq(sessionUploads.seat, seat), eq(sessionUploads.status, 'cutting')));
}
