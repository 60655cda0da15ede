import { documentTypeOf } from '@clerkly/contracts';
import { Hl7Message, Hl7Segment } from '@medplum/core';
import type { ExportedNote } from '../exports/exports.service';
import { sectionsText } from '../exports/note-blocks';

/** MSH-3: the sending application. */
const SENDING_APPLICATION = 'CLERKLY';
/** The assigning authority of the document numbers Clerkly gives (TXA-12) and its session ids. */
const ASSIGNING_AUTHORITY = 'CLERKLY';

/**
 * HL7 v2 escape sequences (v2.5.1 chapter 2.7.4): text holding a separator would otherwise be
 * read as fields, components or repetitions. The escape character itself goes first.
 */
const escapeHl7 = (text: string) =>
  text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\');

/** HL7 DTM in UTC: YYYYMMDDHHMMSS+0000. */
const hl7Time = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0000`;

/** A name as XPN (family^given): the app keeps a first and a last name field. */
const personName = (first: string, last: string) =>
  last ? `${escapeHl7(last)}^${escapeHl7(first)}` : escapeHl7(first);

/**
 * A saved note as an MDM^T02 (original document notification and content): MSH, EVN, PID (the
 * patient's name as entered), PV1, TXA (TXA-12 the note's id, the same on every send, so the
 * record files a re-send as the same document) and one OBX per line of the note's text.
 * `controlId` (MSH-10) is new on every attempt, so each ACK answers one attempt.
 */
export function mdmT02(note: ExportedNote, controlId: string, now = new Date()): Hl7Message {
  const type = documentTypeOf(note.template);
  const typeCode = `${type.code}^${escapeHl7(type.display)}^LN`;
  const author = note.clinician.name ? `^${escapeHl7(note.clinician.name)}` : '';
  const lines = sectionsText(note.sections).split('\n');
  const segment = (fields: string[]) => new Hl7Segment(fields);
  return new Hl7Message([
    segment([
      'MSH',
      '^~\\&',
      SENDING_APPLICATION,
      '',
      '',
      '',
      hl7Time(now),
      '',
      'MDM^T02^MDM_T02',
      controlId,
      'P',
      '2.5.1',
    ]),
    segment(['EVN', 'T02', hl7Time(now)]),
    segment([
      'PID',
      '1',
      '',
      // The app keeps no patient identifier (spec point 3): the session names the consultation.
      `${note.sessionId}^^^${ASSIGNING_AUTHORITY}^VN`,
      '',
      personName(note.patient.firstName, note.patient.lastName),
    ]),
    segment(['PV1', '1', 'O']),
    segment([
      'TXA',
      '1',
      typeCode,
      'TX',
      hl7Time(note.consultedAt),
      author,
      hl7Time(note.savedAt),
      '',
      hl7Time(note.savedAt),
      author,
      '',
      '',
      `${note.noteId}^${ASSIGNING_AUTHORITY}`,
      '',
      '',
      '',
      '',
      'AU',
      '',
      'AV',
    ]),
    ...lines.map((line, index) =>
      segment([
        'OBX',
        String(index + 1),
        'TX',
        typeCode,
        '1',
        escapeHl7(line),
        '',
        '',
        '',
        '',
        '',
        'F',
      ]),
    ),
  ]);
}
