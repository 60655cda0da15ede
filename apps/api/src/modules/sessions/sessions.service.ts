import type {
  CreatePatientSessionInput,
  PatientSession,
  PatientSessionDetail,
  RestoreSessionVersionInput,
  SaveSessionResponse,
  SavedNote,
  SavedSessionsPage,
  SessionVersion,
  SessionVersions,
  UpdatePatientSessionInput,
} from '@clerkly/contracts';
import {
  SAVE_CONFLICT,
  VALIDATION_MESSAGES,
  createPatientSessionSchema,
  parseSavedSessionsCursor,
} from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { editedTemplateIds, recordAuditEvent, recordAuditRead } from '../audit/audit.service';
import { openEvidence } from '../../engines/notes/evidence';
import { learnFromSavedNotes } from '../style-profiles/style-profiles.service';
import { sharedTranscript, type SavedEvidence } from './saved-evidence';
import type { FieldCipher } from '../../lib/field-crypto';
import { ConflictError, InputError, NotFoundError } from '../../lib/http-error';
import type { Entitlements } from '../usage/entitlements.service';
import { templateNames } from '../reference-data/templates.repository';
import {
  appointmentTypeExists,
  claimNextVersion,
  findOwnedSession,
  findTemplates,
  insertSession,
  listNotesOfSession,
  listSavedNotes,
  listSavedSessionsPage,
  replaceTranscript,
  storeLateContentEvidence,
  upsertNote,
  type PatientSessionRow,
} from './sessions.repository';
import {
  findVersion,
  listVersions,
  pruneVersions,
  recordVersion,
  unsaveNotesOtherThan,
} from './session-versions.repository';

/**
 * How long a save waits for its notes' evidence before it commits without it and stores it in the
 * background (sessions.repository.ts `storeLateContentEvidence`). Short, since the clinician waits
 * for the save and the evidence is only an aid: beside `stress-ng --cpu 2` the nice-19 threads
 * barely run, and every save waited its whole 10 s deadline and then kept no evidence at all.
 */
const SAVE_WAITS_FOR_EVIDENCE_MS = 2_000;

/** What `work` resolves to if it does within `ms`, else `undefined` (it goes on). */
async function doneWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** Bad input that only the database can spot (an unknown id): a 400 naming the field. */
export class SessionInputError extends InputError {}

class SessionNotFoundError extends NotFoundError {
  constructor() {
    super('Session not found');
  }
}

/** A save based on a version that is no longer the latest (issue 11). */
class SaveConflictError extends ConflictError {
  constructor() {
    super(SAVE_CONFLICT.message, SAVE_CONFLICT.code);
  }
}

const toPatientSession = (row: PatientSessionRow, cipher: FieldCipher): PatientSession => ({
  id: row.id,
  firstName: cipher.open(row.firstNameSealed),
  lastName: cipher.open(row.lastNameSealed),
  dateOfBirth: row.dateOfBirth,
  appointmentTypeId: row.appointmentTypeId,
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

export async function createSession(
  db: Db,
  cipher: FieldCipher,
  entitlements: Entitlements,
  userId: string,
  input: CreatePatientSessionInput,
): Promise<PatientSession> {
  const data = createPatientSessionSchema.parse(input);
  if (!(await appointmentTypeExists(db, data.appointmentTypeId))) {
    throw new SessionInputError(VALIDATION_MESSAGES.appointmentTypeRequired, 'appointmentTypeId');
  }
  const row = await db.transaction(async (tx) => {
    // Counted first, in the same transaction: a refused or failed insert counts nothing.
    await entitlements.reserveSession(tx, userId);
    const created = await insertSession(tx, {
      userId,
      firstNameSealed: cipher.seal(data.firstName),
      lastNameSealed: cipher.seal(data.lastName),
      dateOfBirth: data.dateOfBirth,
      appointmentTypeId: data.appointmentTypeId,
      patientConsent: data.patientConsent,
    });
    await recordAuditEvent(tx, { kind: 'session.created', sessionId: created.id });
    return created;
  });
  return toPatientSession(row, cipher);
}

export async function requireOwnedSession(db: Db, userId: string, id: number) {
  const session = await findOwnedSession(db, userId, id);
  if (!session) throw new SessionNotFoundError();
  return session;
}

/**
 * Save Session (spec point 4): the clinician's notes, duration and transcript, sealed. The save
 * must be based on the latest version (else `SaveConflictError`), and the transcript it replaces
 * is kept in the history.
 */
export async function saveSession(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  id: number,
  input: UpdatePatientSessionInput,
  savedEvidence: SavedEvidence,
  restore?: Restore,
): Promise<SaveSessionResponse> {
  await requireOwnedSession(db, userId, id);
  for (const [index, note] of input.notes.entries()) {
    if (note.patientSessionId !== id) {
      throw new SessionInputError(
        'Every note must belong to this session',
        `notes.${index}.patientSessionId`,
      );
    }
  }
  const templateIds = [...new Set(input.notes.map((note) => note.templateId))];
  const previousNotes = await listNotesOfSession(db, id);
  // A note the session already has keeps its template: a clinician removed from a clinic still
  // saves their own past sessions written with its shared templates (issue 29).
  const known = new Set([
    ...(await findTemplates(db, templateIds, userId)).map((t) => t.id),
    ...previousNotes.map((note) => note.templateId),
  ]);
  const unknown = input.notes.findIndex((note) => !known.has(note.templateId));
  if (unknown >= 0) {
    throw new SessionInputError('Unknown template', `notes.${unknown}.templateId`);
  }
  const savedAt = new Date();
  // Evidence is saved with each note (issue 12): unchanged sentences keep the draft's. It is
  // aligned in worker threads (issue 23: never on the event loop), in the save's transaction if
  // done in time, else stored once done, after the save has answered.
  const drafts = new Map(previousNotes.map((row) => [row.templateId, row.draftEvidenceSealed]));
  const transcript = sharedTranscript(input.transcribedText);
  const saveFailed = new AbortController();
  const alignment = savedEvidence.align(
    input.notes.map((note) => ({
      content: note.notesContent,
      transcript,
      draft: openEvidence(drafts.get(note.templateId), (text) => cipher.open(text)),
    })),
    { signal: saveFailed.signal },
  );
  // The race handles `alignment` from here on: a thread failing after the wait, in a save that
  // fails too, is no unhandled rejection.
  const evidence = await doneWithin(alignment, SAVE_WAITS_FOR_EVIDENCE_MS);
  const saving = db.transaction(async (tx) => {
    const next = await claimNextVersion(tx, id, input.baseVersion, {
      duration: input.duration,
      savedAt,
    });
    if (next === null) throw new SaveConflictError();
    // Issue 23: the save's audit events commit or roll back with it. A restore edits nothing
    // by hand: it says which version it brought back.
    const edited = restore
      ? []
      : editedTemplateIds(previousNotes, input.notes, (text) => cipher.open(text));
    await recordAuditEvent(tx, [
      ...(edited.length > 0
        ? [{ kind: 'note.edited' as const, sessionId: id, templateIds: edited }]
        : []),
      ...(restore
        ? [{ kind: 'version.restored' as const, sessionId: id, version: restore.from }]
        : []),
      { kind: 'session.saved', sessionId: id, templateIds, version: next },
    ]);
    const session = (await findOwnedSession(tx, userId, id))!;
    await replaceTranscript(
      tx,
      id,
      {
        sealed: session.transcriptSealed,
        plain: session.transcriptSealed ? cipher.open(session.transcriptSealed) : '',
      },
      {
        sealed: restore?.transcriptSealed ?? cipher.seal(input.transcribedText),
        plain: input.transcribedText,
      },
    );
    for (const [index, note] of input.notes.entries()) {
      const aligned = evidence?.[index] ?? null;
      await upsertNote(tx, {
        sessionId: id,
        userId,
        templateId: note.templateId,
        contentSealed: cipher.seal(note.notesContent),
        // Not aligned in time: saved without evidence rather than not saved, or kept waiting.
        contentEvidenceSealed: aligned === null ? null : cipher.seal(aligned),
        savedAt,
      });
    }
    if (restore) await unsaveNotesOtherThan(tx, id, templateIds);
    // Issue 27: a note saved for the first time teaches its template's style (what the
    // clinician changed in the engine's draft). A restore is no edit and teaches nothing.
    if (!restore) {
      const firstSaves = new Map(
        previousNotes
          .filter((row) => row.contentSealed === null)
          .map((row) => [row.templateId, row.draftSealed]),
      );
      await learnFromSavedNotes(
        tx,
        cipher,
        userId,
        input.notes
          .filter((note) => firstSaves.has(note.templateId))
          .map((note) => ({
            templateId: note.templateId,
            draftSealed: firstSaves.get(note.templateId) ?? null,
            content: note.notesContent,
          })),
      );
    }
    // Issue 23 (finding 6): every save is kept as a version, in the same transaction.
    await recordVersion(tx, id, next, savedAt, restore?.from ?? null);
    await pruneVersions(tx, id);
    return next;
  });
  // Nothing saved (a conflict, a failure): its evidence is not needed, the threads stop.
  const version = await saving.catch((error: unknown) => {
    saveFailed.abort();
    throw error;
  });
  if (evidence === undefined) {
    savedEvidence.finishInBackground(
      id,
      alignment.then(async (late) => {
        for (const [index, note] of input.notes.entries()) {
          const aligned = late[index] ?? null;
          if (aligned === null) continue;
          await storeLateContentEvidence(db, {
            sessionId: id,
            templateId: note.templateId,
            savedAt,
            contentEvidenceSealed: cipher.seal(aligned),
          });
        }
      }),
    );
  }
  return { id, savedAt: savedAt.toISOString(), version };
}

/** A save that brings back an earlier version: its number and its transcript's sealed value. */
interface Restore {
  from: number;
  transcriptSealed: string | null;
}

class VersionNotFoundError extends NotFoundError {
  constructor() {
    super('Version not found');
  }
}

/** A session's saved versions, newest first (issue 23, finding 6): when, and which notes. */
export async function sessionVersionList(
  db: Db,
  userId: string,
  id: number,
): Promise<SessionVersions> {
  const session = await requireOwnedSession(db, userId, id);
  const rows = await listVersions(db, id);
  const names = await templateNames(db, [
    ...new Set(rows.flatMap((row) => row.notes.map((note) => note.templateId))),
  ]);
  return {
    sessionId: id,
    currentVersion: session.version,
    versions: rows.map((row) => ({
      version: row.version,
      savedAt: row.savedAt.toISOString(),
      restoredFrom: row.restoredFrom,
      templateNames: row.notes.map((note) => names.get(note.templateId) ?? ''),
    })),
  };
}

/** One saved version with its transcript and notes; reading it is an audit event. */
export async function sessionVersionDetail(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  id: number,
  version: number,
): Promise<SessionVersion> {
  await requireOwnedSession(db, userId, id);
  const row = await findVersion(db, id, version);
  if (!row) throw new VersionNotFoundError();
  const names = await templateNames(
    db,
    row.notes.map((note) => note.templateId),
  );
  await recordAuditEvent(db, { kind: 'version.opened', sessionId: id, version });
  return {
    sessionId: id,
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    restoredFrom: row.restoredFrom,
    templateNames: row.notes.map((note) => names.get(note.templateId) ?? ''),
    transcript: row.transcriptSealed ? cipher.open(row.transcriptSealed) : '',
    notes: row.notes.map((note) => ({
      templateId: note.templateId,
      templateName: names.get(note.templateId) ?? '',
      content: cipher.open(note.contentSealed),
    })),
  };
}

/**
 * Restores an earlier version as a new one (issue 23, finding 6): its notes and transcript are
 * saved again, on top of `baseVersion` like any save, so nothing in between is lost: it stays
 * in the versions.
 */
export async function restoreSessionVersion(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  id: number,
  version: number,
  input: RestoreSessionVersionInput,
  savedEvidence: SavedEvidence,
): Promise<SaveSessionResponse> {
  const session = await requireOwnedSession(db, userId, id);
  const row = await findVersion(db, id, version);
  if (!row) throw new VersionNotFoundError();
  // Restoring a version without notes would take the session out of My Sessions.
  if (row.notes.length === 0) {
    throw new SessionInputError('This version has no saved notes to restore', 'version');
  }
  return saveSession(
    db,
    cipher,
    userId,
    id,
    {
      notes: row.notes.map((note) => ({
        notesContent: cipher.open(note.contentSealed),
        patientSessionId: id,
        templateId: note.templateId,
      })),
      duration: session.duration ?? 0,
      transcribedText: row.transcriptSealed ? cipher.open(row.transcriptSealed) : '',
      baseVersion: input.baseVersion,
    },
    savedEvidence,
    { from: version, transcriptSealed: row.transcriptSealed },
  );
}

/** Everything stored for one session, for a tab that needs to restore it (issue 11). */
export async function sessionDetail(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  id: number,
): Promise<PatientSessionDetail> {
  const session = await requireOwnedSession(db, userId, id);
  const notes = await listNotesOfSession(db, id);
  await recordAuditRead(db, { kind: 'session.opened', sessionId: id });
  const openOrNull = (sealed: string | null) => (sealed === null ? null : cipher.open(sealed));
  return {
    ...toPatientSession(session, cipher),
    transcript: session.transcriptSealed ? cipher.open(session.transcriptSealed) : '',
    duration: session.duration,
    savedAt: session.savedAt?.toISOString() ?? null,
    notes: notes.map((note) => ({
      templateId: note.templateId,
      draft: openOrNull(note.draftSealed),
      content: openOrNull(note.contentSealed),
      savedAt: note.savedAt?.toISOString() ?? null,
    })),
  };
}

export async function savedNotesOf(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  range: { from?: string; to?: string },
): Promise<SavedNote[]> {
  const rows = await listSavedNotes(
    db,
    userId,
    range.from ? new Date(range.from) : undefined,
    range.to ? new Date(range.to) : undefined,
  );
  await recordAuditEvent(
    db,
    [...new Set(rows.map((row) => row.sessionId))].map((sessionId) => ({
      kind: 'notes.listed' as const,
      sessionId,
    })),
  );
  // A session's notes share its patient name: opened once per session, not once per note.
  const names = new Map<number, string>();
  const nameOf = (row: (typeof rows)[number]) => {
    let name = names.get(row.sessionId);
    if (name === undefined) {
      name = cipher.open(row.firstNameSealed);
      names.set(row.sessionId, name);
    }
    return name;
  };
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.sessionId,
    templateId: row.templateId,
    firstName: nameOf(row),
    createdAt: row.createdAt.toISOString(),
    TemplateName: row.templateName,
    notesContent: row.contentSealed ? cipher.open(row.contentSealed) : '',
  }));
}

/**
 * One page of My Sessions (issue 13): what the list shows, nothing more. One query whatever the
 * page size; each patient name is opened once; note text is not read at all (it comes with
 * `GET /api/patient-sessions/{id}` when a note is opened).
 */
export async function savedSessionsPage(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  query: { from?: string; to?: string; cursor?: string; limit: number },
): Promise<SavedSessionsPage> {
  const after = query.cursor ? parseSavedSessionsCursor(query.cursor) : null;
  const rows = await listSavedSessionsPage(db, userId, {
    limit: query.limit,
    ...(after ? { after } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
  });
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map((row) => ({
      sessionId: row.id,
      firstName: cipher.open(row.firstNameSealed),
      createdAt: row.createdAt.toISOString(),
      notes: (row.notes ?? []).map((note) => ({
        id: note.id,
        templateId: note.templateId,
        TemplateName: note.templateName,
      })),
    })),
    nextCursor: rows.length > query.limit && last ? `${last.cursorInstant}_${last.id}` : null,
  };
}
