import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generationOutputs, generations, sessionSegments } from '../../db/schema';

export type GenerationRow = typeof generations.$inferSelect;

/** Stores a segment once: the same (session, seq) again returns null and changes nothing. */
export async function insertSegment(db: Db, values: typeof sessionSegments.$inferInsert) {
  const [row] = await db
    .insert(sessionSegments)
    .values(values)
    .onConflictDoNothing({ target: [sessionSegments.sessionId, sessionSegments.seq] })
    .returning({ id: sessionSegments.id, status: sessionSegments.status });
  return row ?? null;
}

/** How many of a clinician's segments wait for transcription (their place in the fair queue). */
export async function countQueuedSegmentsOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionSegments)
    .where(and(eq(sessionSegments.userId, userId), eq(sessionSegments.status, 'queued')));
  return row?.n ?? 0;
}

export async function findSegment(db: Db, sessionId: number, seq: number) {
  const [row] = await db
    .select({
      id: sessionSegments.id,
      status: sessionSegments.status,
      contentSha256: sessionSegments.contentSha256,
    })
    .from(sessionSegments)
    .where(and(eq(sessionSegments.sessionId, sessionId), eq(sessionSegments.seq, seq)));
  return row ?? null;
}

export async function findSegmentById(db: Db, id: number) {
  const [row] = await db.select().from(sessionSegments).where(eq(sessionSegments.id, id));
  return row ?? null;
}

/** Whether a segment is still waiting for its transcript: it exists, is queued and has audio. */
export async function segmentStillQueued(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessionSegments.id })
    .from(sessionSegments)
    .where(
      and(
        eq(sessionSegments.id, id),
        eq(sessionSegments.status, 'queued'),
        sql`${sessionSegments.audioSealed} is not null`,
      ),
    );
  return row !== undefined;
}

/** A session's segments in order, without their audio. */
export async function listSegments(
  db: Db,
  sessionId: number,
  range?: { from: number; to: number },
) {
  return db
    .select({
      id: sessionSegments.id,
      seq: sessionSegments.seq,
      status: sessionSegments.status,
      durationMs: sessionSegments.durationMs,
      textSealed: sessionSegments.textSealed,
      confidenceSealed: sessionSegments.confidenceSealed,
      engine: sessionSegments.engine,
      error: sessionSegments.error,
    })
    .from(sessionSegments)
    .where(
      and(
        eq(sessionSegments.sessionId, sessionId),
        ...(range ? [gte(sessionSegments.seq, range.from), lt(sessionSegments.seq, range.to)] : []),
      ),
    )
    .orderBy(asc(sessionSegments.seq));
}

export async function nextSegmentSeq(db: Db, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${sessionSegments.seq}) + 1, 0)::int` })
    .from(sessionSegments)
    .where(eq(sessionSegments.sessionId, sessionId));
  return row?.next ?? 0;
}

/** Marks a queued segment transcribed; a second run of the same job finds nothing to do. */
export async function completeSegment(
  db: Db,
  id: number,
  values: {
    textSealed: string;
    confidenceSealed: string | null;
    engine: string;
    dropAudio: boolean;
  },
): Promise<boolean> {
  const rows = await db
    .update(sessionSegments)
    .set({
      status: 'transcribed',
      textSealed: values.textSealed,
      confidenceSealed: values.confidenceSealed,
      engine: values.engine,
      error: null,
      ...(values.dropAudio ? { audioSealed: null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(sessionSegments.id, id), eq(sessionSegments.status, 'queued')))
    .returning({ id: sessionSegments.id });
  return rows.length > 0;
}

export async function failSegment(db: Db, id: number, error: string) {
  await db
    .update(sessionSegments)
    .set({ status: 'failed', error, updatedAt: new Date() })
    .where(and(eq(sessionSegments.id, id), eq(sessionSegments.status, 'queued')));
}

/** Failed segments that still have their audio go back in the queue. */
export async function requeueFailedSegments(db: Db, sessionId: number) {
  return db
    .update(sessionSegments)
    .set({ status: 'queued', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(sessionSegments.sessionId, sessionId),
        eq(sessionSegments.status, 'failed'),
        sql`${sessionSegments.audioSealed} is not null`,
      ),
    )
    .returning({ id: sessionSegments.id });
}

/** The audio of a saved session is no longer needed (unless retention keeps it). */
export async function dropSessionAudio(db: Db, sessionId: number) {
  await db
    .update(sessionSegments)
    .set({ audioSealed: null })
    .where(
      and(
        eq(sessionSegments.sessionId, sessionId),
        sql`${sessionSegments.audioSealed} is not null`,
      ),
    );
}

export async function insertGeneration(db: Db, values: typeof generations.$inferInsert) {
  const [row] = await db.insert(generations).values(values).returning();
  return row!;
}

export async function findGeneration(db: Db, id: number) {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row ?? null;
}

/** Moves a generation on only from the state it is expected in: concurrent jobs agree. */
export async function transitionGeneration(
  db: Db,
  id: number,
  from: string[],
  values: Partial<typeof generations.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(generations.id, id), inArray(generations.status, from)))
    .returning({ id: generations.id });
  return rows.length > 0;
}

export async function waitingGenerationsOf(db: Db, sessionId: number) {
  return db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.sessionId, sessionId), eq(generations.status, 'transcribing')));
}

/** Generations that have not moved for a while: their next step is re-sent, in case it was lost. */
export async function staleGenerations(db: Db, olderThanSeconds: number) {
  return db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        inArray(generations.status, ['transcribing', 'writing']),
        lt(generations.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    );
}

export async function listOutputs(db: Db, generationId: number) {
  return db
    .select()
    .from(generationOutputs)
    .where(eq(generationOutputs.generationId, generationId));
}

/** Stores a template's note once; false when another run of the job already did. */
export async function insertOutput(db: Db, values: typeof generationOutputs.$inferInsert) {
  const rows = await db
    .insert(generationOutputs)
    .values(values)
    .onConflictDoNothing()
    .returning({ templateId: generationOutputs.templateId });
  return rows.length > 0;
}
