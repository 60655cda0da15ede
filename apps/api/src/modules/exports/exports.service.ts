import { NOTHING_TO_EXPORT } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../lib/field-crypto';
import { NotFoundError } from '../../lib/http-error';
import { recordAuditEvent } from '../audit/audit.service';
import { findOwnedSession } from '../sessions/sessions.repository';
import { requireOwnedSession } from '../sessions/sessions.service';
import { findClinician, listSavedNotesWithTemplates } from './exports.repository';
import { noteSections, type NoteSection } from './note-blocks';

/** Everything an export may say: what the saved session and the clinician's profile hold. */
export interface ExportedNote {
  /** The stored note's id: the document's identifier wherever it is filed. */
  noteId: number;
  sessionId: number;
  template: { id: number; name: string; kind: string };
  clinician: { id: string; name: string; profession: string | null };
  /**
   * The patient's name as entered (the app collects no date of birth: spec point 3), whole and
   * as its two fields (HL7's PID-5 wants family and given names apart).
   */
  patient: { name: string; firstName: string; lastName: string };
  /** When the consultation took place (the session's creation). */
  consultedAt: Date;
  savedAt: Date;
  sections: NoteSection[];
}

class NothingToExportError extends NotFoundError {
  constructor() {
    super(NOTHING_TO_EXPORT);
  }
}

/** The profile's name; an account whose profile has none is named by its account name. */
const clinicianName = (row: { firstName: string; lastName: string; name: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.name;

/**
 * The saved notes of a session the caller owns (404 for anyone else), read for export, and one
 * `note.exported` event for them: an export is a read of patient data that leaves the app.
 */
export async function exportedNotes(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  sessionId: number,
  templateId?: number,
): Promise<ExportedNote[]> {
  const session = await requireOwnedSession(db, userId, sessionId);
  const rows = (await listSavedNotesWithTemplates(db, sessionId)).filter(
    (row) => templateId === undefined || row.templateId === templateId,
  );
  if (rows.length === 0) throw new NothingToExportError();
  await recordAuditEvent(db, {
    kind: 'note.exported',
    sessionId,
    templateIds: rows.map((row) => row.templateId),
  });
  return exportedNotesOf(db, cipher, session, rows);
}

type SavedSession = NonNullable<Awaited<ReturnType<typeof findOwnedSession>>>;
type SavedNoteRow = Awaited<ReturnType<typeof listSavedNotesWithTemplates>>[number];

async function exportedNotesOf(
  db: Db,
  cipher: FieldCipher,
  session: SavedSession,
  rows: SavedNoteRow[],
): Promise<ExportedNote[]> {
  const clinician = await findClinician(db, session.userId);
  const firstName = cipher.open(session.firstNameSealed).trim();
  const lastName = cipher.open(session.lastNameSealed).trim();
  const patient = { name: `${firstName} ${lastName}`.trim(), firstName, lastName };
  return rows.map((row) => ({
    noteId: row.id,
    sessionId: session.id,
    template: { id: row.templateId, name: row.templateName, kind: row.templateKind },
    clinician: {
      id: session.userId,
      name: clinician ? clinicianName(clinician) : '',
      profession: clinician?.profession ?? null,
    },
    patient,
    consultedAt: session.createdAt,
    savedAt: row.savedAt ?? session.savedAt ?? session.createdAt,
    sections: noteSections(cipher.open(row.contentSealed!)),
  }));
}

/**
 * One saved note read as an export is, for a background job sending it on the clinician's
 * behalf (issue 28, "Send to record"): no request and no audit event here, the job records its
 * own. Null once the note, its saved text or its session is gone.
 */
export async function savedNoteById(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  sessionId: number,
  noteId: number,
): Promise<ExportedNote | null> {
  const session = await findOwnedSession(db, userId, sessionId);
  if (!session) return null;
  const rows = (await listSavedNotesWithTemplates(db, sessionId)).filter(
    (row) => row.id === noteId,
  );
  if (rows.length === 0) return null;
  const [note] = await exportedNotesOf(db, cipher, session, rows);
  return note ?? null;
}
