import { randomUUID } from 'node:crypto';
import { documentTypeOf, NOTE_DOCUMENT_TYPES, type NoteDocumentType } from '@clerkly/contracts';
import type {
  Bundle,
  CodeableConcept,
  Composition,
  CompositionSection,
  DocumentReference,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import type { ExportedNote } from './exports.service';
import { blocksHtml, sectionsHtml, sectionsText } from './note-blocks';

/**
 * FHIR R4 (issue 28, docs/decisions/021). Only what the saved session holds: the patient's name
 * as entered (no date of birth: the app does not collect one), the clinician's profile name and
 * profession, the note's words. Validated against the R4 definitions in the tests.
 */

/** The system of a note's identifier: the note's id names one document in any record. */
export const NOTE_IDENTIFIER_SYSTEM = 'urn:clerkly:note';
const SESSION_IDENTIFIER_SYSTEM = 'urn:clerkly:session';
const LOINC = 'http://loinc.org';
const XHTML = 'http://www.w3.org/1999/xhtml';

const loincConcept = (type: NoteDocumentType, text?: string): CodeableConcept => ({
  coding: [{ system: LOINC, code: type.code, display: type.display }],
  ...(text ? { text } : {}),
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function patientOf(note: ExportedNote, id?: string): Patient {
  return { resourceType: 'Patient', ...(id ? { id } : {}), name: [{ text: note.patient.name }] };
}

function practitionerOf(note: ExportedNote, id?: string): Practitioner {
  return {
    resourceType: 'Practitioner',
    ...(id ? { id } : {}),
    ...(note.clinician.name ? { name: [{ text: note.clinician.name }] } : {}),
    ...(note.clinician.profession
      ? { qualification: [{ code: { text: note.clinician.profession } }] }
      : {}),
  };
}

/** A saved note as a DocumentReference: patient and author contained, the note as HTML and text. */
export function noteDocumentReference(note: ExportedNote): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    contained: [patientOf(note, 'patient'), practitionerOf(note, 'author')],
    identifier: [{ system: NOTE_IDENTIFIER_SYSTEM, value: String(note.noteId) }],
    status: 'current',
    docStatus: 'final',
    type: loincConcept(documentTypeOf(note.template), note.template.name),
    subject: { reference: '#patient', display: note.patient.name },
    date: note.savedAt.toISOString(),
    author: [
      { reference: '#author', ...(note.clinician.name ? { display: note.clinician.name } : {}) },
    ],
    description: note.template.name,
    content: [
      {
        attachment: {
          contentType: 'text/html',
          data: base64(sectionsHtml(note.sections)),
          title: note.template.name,
        },
      },
      {
        attachment: {
          contentType: 'text/plain',
          data: base64(sectionsText(note.sections)),
          title: note.template.name,
        },
      },
    ],
    context: { period: { start: note.consultedAt.toISOString() } },
  };
}

const narrative = (html: string) => ({
  status: 'generated' as const,
  div: `<div xmlns="${XHTML}">${html}</div>`,
});

/** One Composition section per note, holding one section per section of the note. */
function noteSection(note: ExportedNote): CompositionSection {
  return {
    title: note.template.name,
    code: loincConcept(documentTypeOf(note.template)),
    // A heading with nothing under it says nothing, and R4 wants text in every section.
    section: note.sections
      .filter((section) => section.blocks.length > 0)
      .map((section) => ({
        ...(section.title === null ? {} : { title: section.title }),
        text: narrative(blocksHtml(section.blocks)),
      })),
  };
}

/** A session's saved notes as a FHIR document: a Bundle led by its Composition. */
export function sessionBundle(notes: readonly ExportedNote[], now = new Date()): Bundle {
  const first = notes[0]!;
  const ids = { composition: randomUUID(), patient: randomUUID(), author: randomUUID() };
  const url = (id: string) => `urn:uuid:${id}`;
  const type = notes.length === 1 ? documentTypeOf(first.template) : NOTE_DOCUMENT_TYPES.note;
  const latest = new Date(Math.max(...notes.map((note) => note.savedAt.getTime())));
  const composition: Composition = {
    resourceType: 'Composition',
    id: ids.composition,
    status: 'final',
    type: loincConcept(type),
    subject: { reference: url(ids.patient), display: first.patient.name },
    date: latest.toISOString(),
    author: [{ reference: url(ids.author) }],
    title: notes.map((note) => note.template.name).join(', '),
    section: notes.map(noteSection),
  };
  return {
    resourceType: 'Bundle',
    identifier: {
      system: SESSION_IDENTIFIER_SYSTEM,
      value: `${first.sessionId}-${latest.getTime()}`,
    },
    type: 'document',
    timestamp: now.toISOString(),
    entry: [
      { fullUrl: url(ids.composition), resource: composition },
      { fullUrl: url(ids.patient), resource: patientOf(first, ids.patient) },
      { fullUrl: url(ids.author), resource: practitionerOf(first, ids.author) },
    ],
  };
}
