import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientSessions, sessionNotes, sessionVersions } from '../../db/schema';

/**
 * Keeps what a save left as version `version` of the session (issue 23, finding 6): the session's
 * sealed transcript and every saved note, read back after the save wrote them, so the version is
 * exactly what the session holds. Call it inside the save's transaction.
 */
export async function recordVersion(
  db: Db,
  sessionId: number,
  version: number,
  savedAt: Date,
  restoredFrom: number | null = null,
) {
  const [session] = await db
    .select({ transcriptSealed: patientSessions.transcriptSealed })
    .from(patientSessions)
    .where(eq(patientSessions.id, sessionId));
  const notes = await db
    .select({ templateId: sessionNotes.templateId, contentSealed: sessionNotes.contentSealed })
    .from(sessionNotes)
    .where(and(eq(sessionNotes.sessionId, sessionId), isNotNull(sessionNotes.contentSealed)))
    .orderBy(asc(sessionNotes.templateId));
  await db.insert(sessionVersions).values({
    sessionId,
    version,
    transcriptSealed: session?.transcriptSealed ?? null,
    notes: notes.map((note) => ({
      templateId: note.templateId,
      contentSealed: note.contentSealed!,
    })),
    restoredFrom,
    savedAt,
  });
}

/**
 * How many of a session's newest versions are kept (issue 23, item 3; decision 019). Older ones
 * are deleted in the save that pushes them out, except a version a kept one was restored from,
 * so "restored from version N" can always be opened.
 */
const KEPT_VERSIONS = 50;

/** Deletes the versions beyond the newest KEPT_VERSIONS. Call it inside the save's transaction. */
export async function pruneVersions(db: Db, sessionId: number) {
  const all = await db
    .select({ version: sessionVersions.version, restoredFrom: sessionVersions.restoredFrom })
    .from(sessionVersions)
    .where(eq(sessionVersions.sessionId, sessionId))
    .orderBy(desc(sessionVersions.version));
  if (all.length <= KEPT_VERSIONS) return;
  const kept = all.slice(0, KEPT_VERSIONS);
  const restoredFrom = new Set(kept.map((row) => row.restoredFrom));
  const drop = all
    .slice(KEPT_VERSIONS)
    .map((row) => row.version)
    .filter((version) => !restoredFrom.has(version));
  if (drop.length === 0) return;
  await db
    .delete(sessionVersions)
    .where(and(eq(sessionVersions.sessionId, sessionId), inArray(sessionVersions.version, drop)));
}

/** A session's versions, newest first, without their text. */
export async function listVersions(db: Db, sessionId: number) {
  return db
    .select({
      version: sessionVersions.version,
      savedAt: sessionVersions.savedAt,
      restoredFrom: sessionVersions.restoredFrom,
      notes: sessionVersions.notes,
    })
    .from(sessionVersions)
    .where(eq(sessionVersions.sessionId, sessionId))
    .orderBy(desc(sessionVersions.version));
}

export async function findVersion(db: Db, sessionId: number, version: number) {
  const [row] = await db
    .select()
    .from(sessionVersions)
    .where(and(eq(sessionVersions.sessionId, sessionId), eq(sessionVersions.version, version)));
  return row ?? null;
}

/**
 * A restore leaves exactly the restored version's notes saved: a note saved only later keeps its
 * text in the versions after it and is no longer part of the session's saved notes.
 */
export async function unsaveNotesOtherThan(db: Db, sessionId: number, templateIds: number[]) {
  const others = await db
    .select({ id: sessionNotes.id, templateId: sessionNotes.templateId })
    .from(sessionNotes)
    .where(and(eq(sessionNotes.sessionId, sessionId), isNotNull(sessionNotes.contentSealed)));
  const drop = others.filter((row) => !templateIds.includes(row.templateId)).map((row) => row.id);
  if (drop.length === 0) return;
  await db
    .update(sessionNotes)
    .set({ contentSealed: null, contentEvidenceSealed: null, savedAt: null, updatedAt: new Date() })
    .where(inArray(sessionNotes.id, drop));
}
