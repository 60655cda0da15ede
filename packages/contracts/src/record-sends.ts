import { z } from 'zod';
import { dbId } from './text';

/**
 * "Send to record" (issue 28 items 4–5, docs/decisions/022): a saved note handed to the clinic's
 * record system (a FHIR server or an HL7 v2 MLLP peer) by a durable job.
 */

/** Which record system this deployment sends to; null: none configured, no "Send to record". */
export const recordEndpointSchema = z.object({ kind: z.enum(['fhir', 'hl7']).nullable() });

const RECORD_SEND_STATUSES = ['queued', 'sent', 'failed'] as const;

/** Where one note's hand-off stands. */
export const recordSendSchema = z.object({
  templateId: z.number().int(),
  /** queued: waiting or being retried; sent: in the record; failed: retries used up. */
  status: z.enum(RECORD_SEND_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed, as a sentence for the clinician (never the note's text). */
  lastError: z.string().nullable(),
  /** When the record last accepted the note (ISO). */
  sentAt: z.string().nullable(),
  /** The document's id in the record system (FHIR resource id, or HL7 document number). */
  remoteId: z.string().nullable(),
});
export type RecordSend = z.infer<typeof recordSendSchema>;

export const sessionRecordSendsSchema = z.object({ sends: z.array(recordSendSchema) });

export const sendToRecordParamsSchema = z.object({
  id: dbId('Invalid session id'),
  templateId: dbId('Unknown template'),
});

export const sessionRecordSendsParamsSchema = z.object({ id: dbId('Invalid session id') });

/** 409 of a send on a deployment without a record system. */
export const RECORD_NOT_CONFIGURED =
  'No record system is configured for this clinic, so notes cannot be sent to the record';

/** 404 of a send of a note that has no saved text. */
export const NOTHING_TO_SEND = 'This note has not been saved yet, so there is nothing to send';

/** Why an attempt failed: one clear sentence each, naming the record system, never the note. */
export const RECORD_SEND_FAILURES = {
  unreachable: (address: string) =>
    `The record system at ${address} could not be reached. The send will be retried.`,
  timeout: (address: string) =>
    `The record system at ${address} did not answer in time. The send will be retried.`,
  fhirRejected: (status: number, detail: string) =>
    `The record system refused the note (HTTP ${status}${detail ? `: ${detail}` : ''}).`,
  hl7Rejected: (code: string, detail: string) =>
    `The record system refused the note (HL7 ${code}${detail ? `: ${detail}` : ''}).`,
  badAnswer: 'The record system sent an answer Clerkly could not read.',
  noteGone: 'The note was deleted before it could be sent.',
} as const;

/** The toast of a send that could not be started. */
export const SEND_TO_RECORD_FAILED =
  'The note could not be queued for the record. Check your connection and try again.';
