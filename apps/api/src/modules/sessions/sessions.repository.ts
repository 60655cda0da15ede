import { and, asc, desc, eq, exists, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visibleTo } from '../reference-data/templates.repository';
import {
  appointmentTypes,
  patientSessions,
  sessionNotes,
  sessionTranscriptHistory,
  templates,
} from '../../db/schema';

export type PatientSessionRow = typeof patientSessions.$inferSelect;

export async function appointmentTypeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.id, id));
  return rows.length > 0;
}

/** Templates among `ids` that `userId` may save notes of (their archived own ones too). */
export async function findTemplates(db: Db, ids: number[], userId: string) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(templates)
    .where(and(inArray(templates.id, ids), visibleTo(userId, { archived: true })));
}

export async function insertSession(db: Db, values: typeof patientSessions.$inferInsert) {
  const [row] = await db.insert(patientSessions).values(values).returning();
  return row!;
}

/** A session only ever comes back for its owner: other users' ids look like missing ones. */
export async function findOwnedSession(db: Db, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(patientSessions)
    .where(and(eq(patientSessions.id, id), eq(patientSessions.userId, userId)));
  return row ?? null;
}

/**
 * The one way to change a session's transcript: the one it replaces goes to the history first,
 * so no transcript is ever lost (issue 11). Unchanged or empty text changes nothing.
 */
export async function replaceTranscript(
  db: Db,
  sessionId: number,
  current: { sealed: string | null; plain: string },
  next: { sealed: string; plain: string },
) {
  if (next.plain.trim() === '' || next.plain === current.plain) return;
  if (current.sealed !== null && current.plain.trim() !== '') {
    await db
      .insert(sessionTranscriptHistory)
      .values({ sessionId, transcriptSealed: current.sealed });
  }
  await db
    .update(patientSessions)
    .set({ transcriptSealed: next.sealed, updatedAt: new Date() })
    .where(eq(patientSessions.id, sessionId));
}

/**
 * Moves a session from `baseVersion` to the next version, or does nothing when someone saved in
 * between: compare-and-set in one statement, so of two concurrent saves exactly one wins.
 */
export async function claimNextVersion(
  db: Db,
  id: number,
  baseVersion: number,
  values: { duration: number; savedAt: Date },
): Promise<number | null> {
  const [row] = await db
    .update(patientSessions)
    .set({ ...values, version: sql`${patientSessions.version} + 1`, updatedAt: new Date() })
    .where(and(eq(patientSessions.id, id), eq(patientSessions.version, baseVersion)))
    .returning({ version: patientSessions.version });
  return row?.version ?? null;
}

export async function upsertNote(
  db: Db,
  values: {
    sessionId: number;
    userId: string;
    templateId: number;
    draftSealed?: string;
    contentSealed?: string;
    draftEvidenceSealed?: string;
    contentEvidenceSealed?: string | null;
    savedAt?: Date;
  },
) {
  const now = new Date();
  await db
    .insert(sessionNotes)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [sessionNotes.sessionId, sessionNotes.templateId],
      set: {
        ...(values.draftSealed !== undefined ? { draftSealed: values.draftSealed } : {}),
        ...(values.contentSealed !== undefined ? { contentSealed: values.contentSealed } : {}),
        ...(values.draftEvidenceSealed !== undefined
          ? { draftEvidenceSealed: values.draftEvidenceSealed }
          : {}),
        ...(values.contentEvidenceSealed !== undefined
          ? { contentEvidenceSealed: values.contentEvidenceSealed }
          : {}),
        ...(values.savedAt !== undefined ? { savedAt: values.savedAt } : {}),
        updatedAt: now,
      },
    });
}

/**
 * Stores the evidence of a note aligned after its save had committed, only on the note that save
 * wrote (its `saved_at`): a later save or a restore wrote another, a deleted session none, and
 * none of them may get this save's evidence.
 */
export async function storeLateContentEvidence(
  db: Db,
  note: { sessionId: number; templateId: number; savedAt: Date; contentEvidenceSealed: string },
): Promise<void> {
  await db
    .update(sessionNotes)
    .set({ contentEvidenceSealed: note.contentEvidenceSealed, updatedAt: new Date() })
    .where(
      and(
        eq(sessionNotes.sessionId, note.sessionId),
        eq(sessionNotes.templateId, note.templateId),
        eq(sessionNotes.savedAt, note.savedAt),
      ),
    );
}

export async function listNotesOfSession(db: Db, sessionId: number) {
  return (
    db
      .select()
      .from(sessionNotes)
      .where(eq(sessionNotes.sessionId, sessionId))
      // Template order, not insertion order: the notes of one generation are written by
      // concurrent jobs, so their row ids come in any order.
      .orderBy(asc(sessionNotes.templateId))
  );
}

/** Saved notes of one user, newest consultation first, optionally between two instants. */
export async function listSavedNotes(db: Db, userId: string, from?: Date, to?: Date) {
  return db
    .select({
      id: sessionNotes.id,
      sessionId: sessionNotes.sessionId,
      templateId: sessionNotes.templateId,
      templateName: templates.name,
      contentSealed: sessionNotes.contentSealed,
      firstNameSealed: patientSessions.firstNameSealed,
      createdAt: patientSessions.createdAt,
    })
    .from(sessionNotes)
    .innerJoin(patientSessions, eq(patientSessions.id, sessionNotes.sessionId))
    .innerJoin(templates, eq(templates.id, sessionNotes.templateId))
    .where(
      and(
        eq(sessionNotes.userId, userId),
        isNotNull(sessionNotes.contentSealed),
        from ? gte(patientSessions.createdAt, from) : sql`true`,
        to ? lte(patientSessions.createdAt, to) : sql`true`,
      ),
    )
    .orderBy(desc(patientSessions.createdAt), asc(sessionNotes.templateId));
}

/** A saved note as My Sessions lists it: which note, of which template. */
export interface SavedNoteRef {
  id: number;
  templateId: number;
  templateName: string;
}

/**
 * One page of a user's saved sessions for My Sessions (issue 13, docs/decisions/009): newest
 * first, keyset-paged on (created_at, id), the date filter in the query. A session is listed
 * when it was saved and has a saved note. `limit + 1` rows are read to know whether more follow.
 * The index `patient_sessions_user_saved_created_idx` (migration 0007) serves the scan in order.
 * Each row carries its saved notes (id and template, never the text) as a JSON list built by a
 * subquery on `session_notes_session_template`: one query per page, since every query costs a
 * round trip on PostgreSQL and milliseconds of WebAssembly on PGlite.
 */
export async function listSavedSessionsPage(
  db: Db,
  userId: string,
  page: {
    limit: number;
    after?: { createdAt: string; sessionId: number };
    from?: Date;
    to?: Date;
  },
) {
  const savedNote = and(
    eq(sessionNotes.sessionId, patientSessions.id),
    isNotNull(sessionNotes.contentSealed),
  );
  return db
    .select({
      id: patientSessions.id,
      firstNameSealed: patientSessions.firstNameSealed,
      createdAt: patientSessions.createdAt,
      // The instant with the database's microseconds, so a cursor never skips or repeats a row.
      cursorInstant: sql<string>`to_char(${patientSessions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      // Spelled out with aliases: in a select list drizzle writes columns without their table,
      // which inside a correlated subquery would name the wrong one.
      notes: sql<SavedNoteRef[] | null>`(
        select json_agg(
          json_build_object('id', sn.id, 'templateId', sn.template_id, 'templateName', t.name)
          order by sn.template_id)
        from session_notes sn join templates t on t.id = sn.template_id
        where sn.session_id = patient_sessions.id and sn.content_sealed is not null
      )`,
    })
    .from(patientSessions)
    .where(
      and(
        eq(patientSessions.userId, userId),
        isNotNull(patientSessions.savedAt),
        page.from ? gte(patientSessions.createdAt, page.from) : undefined,
        page.to ? lte(patientSessions.createdAt, page.to) : undefined,
        page.after
          ? sql`(${patientSessions.createdAt}, ${patientSessions.id}) < (${page.after.createdAt}::timestamptz, ${page.after.sessionId})`
          : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(sessionNotes)
            .where(savedNote),
        ),
      ),
    )
    .orderBy(desc(patientSessions.createdAt), desc(patientSessions.id))
    .limit(page.limit + 1);
}
