import { z } from 'zod';
import { dbId } from './text';

/**
 * Notes into the record (issue 28): a saved note as a file or a FHIR R4 resource, made on demand
 * and never stored (docs/decisions/021).
 */
const NOTE_EXPORT_FORMATS = ['pdf', 'docx', 'document-reference'] as const;
export type NoteExportFormat = (typeof NOTE_EXPORT_FORMATS)[number];

export const noteExportParamsSchema = z.object({
  id: dbId('Invalid session id'),
  templateId: dbId('Unknown template'),
  format: z.enum(NOTE_EXPORT_FORMATS, { error: 'Unknown export format' }),
});

export const sessionBundleParamsSchema = z.object({ id: dbId('Invalid session id') });

/** What each format is sent as, and the file name's extension. */
export const NOTE_EXPORT_MEDIA: Record<
  NoteExportFormat,
  { contentType: string; extension: string }
> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'document-reference': { contentType: 'application/fhir+json', extension: 'json' },
};

/** The LOINC document types a note can be filed as (FHIR `DocumentReference.type`). */
export const NOTE_DOCUMENT_TYPES = {
  progressNote: { code: '11506-3', display: 'Progress note' },
  consultNote: { code: '11488-4', display: 'Consult note' },
  historyAndPhysical: { code: '34117-2', display: 'History and physical note' },
  dischargeSummary: { code: '18842-5', display: 'Discharge summary' },
  referralNote: { code: '57133-1', display: 'Referral note' },
  /** LOINC's generic clinical note, for a template none of the others describes. */
  note: { code: '34109-9', display: 'Note' },
} as const;
export type NoteDocumentType = (typeof NOTE_DOCUMENT_TYPES)[keyof typeof NOTE_DOCUMENT_TYPES];

/** The part of a template that decides how its notes are filed. */
export interface FiledTemplate {
  name: string;
  kind: string;
}

/**
 * The one place a template's kind is read for filing (issue 27 may let clinicians define kinds):
 * the catalogue's kinds are coarse (note, letter, summary, certificate), so a name that says
 * which document it is (a discharge summary, a referral letter) decides first.
 */
function templateKindOf(template: FiledTemplate): string {
  return template.kind.trim().toLowerCase();
}

const TYPE_BY_NAME: [RegExp, NoteDocumentType][] = [
  [/discharge/i, NOTE_DOCUMENT_TYPES.dischargeSummary],
  [/referral/i, NOTE_DOCUMENT_TYPES.referralNote],
  [/history and physical|\bh&p\b/i, NOTE_DOCUMENT_TYPES.historyAndPhysical],
  [/consult|specialist/i, NOTE_DOCUMENT_TYPES.consultNote],
  [/progress|soap|clinic visit/i, NOTE_DOCUMENT_TYPES.progressNote],
];

const TYPE_BY_KIND: Record<string, NoteDocumentType> = {
  'progress note': NOTE_DOCUMENT_TYPES.progressNote,
  'consult note': NOTE_DOCUMENT_TYPES.consultNote,
  'history and physical': NOTE_DOCUMENT_TYPES.historyAndPhysical,
  'discharge summary': NOTE_DOCUMENT_TYPES.dischargeSummary,
  'referral note': NOTE_DOCUMENT_TYPES.referralNote,
};

/** The LOINC document type of a template's notes; the generic "Note" when nothing says more. */
export function documentTypeOf(template: FiledTemplate): NoteDocumentType {
  const byKind = TYPE_BY_KIND[templateKindOf(template)];
  if (byKind) return byKind;
  return (
    TYPE_BY_NAME.find(([pattern]) => pattern.test(template.name))?.[1] ?? NOTE_DOCUMENT_TYPES.note
  );
}

/** Whether a template's notes are laid out as certificates (a signed statement, not a letter). */
export const isCertificate = (template: FiledTemplate) =>
  templateKindOf(template) === 'certificate';

/** Issue 28: the message of a note that has no saved text to export. */
export const NOTHING_TO_EXPORT = 'This note has not been saved yet, so there is nothing to export';

/** Issue 28: the toast of an export that could not be made or fetched. */
export const EXPORT_FAILED = 'The note could not be exported. Check your connection and try again.';
