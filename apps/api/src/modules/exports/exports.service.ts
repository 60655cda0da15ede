import { NOTHING_TO_EXPORT } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../lib/field-crypto';
import { NotFoundError } from '../../lib/http-error';
import { recordAuditEvent } from '../audit/audit.service';
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
  /** The patient's name as entered (the app collects no date of birth: spec point 3). */
  patient: { name: string };
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
  const clinician = await findClinician(db, userId);
  await recordAuditEvent(db, {
    kind: 'note.exported',
    sessionId,
    templateIds: rows.map((row) => row.templateId),
  });
  const patient = {
    name: `${cipher.open(session.firstNameSealed)} ${cipher.open(session.lastNameSealed)}`.trim(),
  };
  return rows.map((row) => ({
    noteId: row.id,
    sessionId,
    template: { id: row.templateId, name: row.templateName, kind: row.templateKind },
    clinician: {
      id: userId,
      name: clinician ? clinicianName(clinician) : '',
      profession: clinician?.profession ?? null,
    },
    patient,
    consultedAt: session.createdAt,
    savedAt: row.savedAt ?? session.savedAt ?? session.createdAt,
    sections: noteSections(cipher.open(row.contentSealed!)),
  }));
}
