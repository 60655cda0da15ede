import { RECORD_NOT_CONFIGURED, RECORD_SEND_FAILURES } from '@clerkly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RecordEndpointConfig } from '../../config/config';
import type { Db } from '../../db/client';
import { defineJob, type JobContext } from '../../jobs/define-job';
import type { FieldCipher } from '../../lib/field-crypto';
import { runAsActor } from '../audit/audit.context';
import { recordAuditEvent } from '../audit/audit.service';
import { savedNoteById } from '../exports/exports.service';
import { sendToFhir } from './fhir-sender';
import { sendToHl7 } from './hl7-sender';
import { RecordSendError } from './record-send-error';
import {
  markFailed,
  markSent,
  recordAttemptError,
  startAttempt,
  type RecordSendRow,
} from './record.repository';

/** What the record's job runs with. */
export interface RecordDeps {
  db: Db;
  cipher: FieldCipher;
  record: RecordEndpointConfig | null;
  log: FastifyBaseLogger;
}

const sendPayload = z.object({ noteId: z.number().int().positive() });
type SendPayload = z.infer<typeof sendPayload>;

/** The send's audit event, in the name of the clinician who asked for it (no request here). */
const audit = (deps: RecordDeps, send: RecordSendRow, templateId: number | null, sent: boolean) =>
  runAsActor({ userId: send.userId, address: null }, () =>
    recordAuditEvent(deps.db, {
      kind: sent ? 'note.sent_to_record' : 'note.send_to_record_failed',
      sessionId: send.sessionId,
      ...(templateId === null ? {} : { templateIds: [templateId] }),
    }),
  );

/**
 * One attempt to file a note in the record. A failure is recorded on the send (the clinician
 * sees why while it is retried) and thrown, so pg-boss retries it with backoff; a send that is no
 * longer queued (already sent by an earlier run) is left alone.
 */
async function sendNoteToRecord(deps: RecordDeps, job: SendPayload, context: JobContext) {
  const send = await startAttempt(deps.db, job.noteId);
  if (!send) return;
  const fail = async (reason: string) => {
    const failed = await markFailed(deps.db, job.noteId, reason);
    if (failed) await audit(deps, failed, null, false);
  };
  if (!deps.record) return fail(RECORD_NOT_CONFIGURED);
  const note = await savedNoteById(deps.db, deps.cipher, send.userId, send.sessionId, job.noteId);
  if (!note) return fail(RECORD_SEND_FAILURES.noteGone);
  let remoteId: string;
  try {
    remoteId =
      deps.record.kind === 'fhir'
        ? await sendToFhir(deps.record, note, context.signal)
        : await sendToHl7(deps.record, note, context.signal);
  } catch (error) {
    const reason =
      error instanceof RecordSendError ? error.message : RECORD_SEND_FAILURES.badAnswer;
    await recordAttemptError(deps.db, job.noteId, reason);
    // The reason names the record system, never the note (logs never hold note text).
    deps.log.warn({ noteId: job.noteId, attempt: send.attempts, reason }, 'Send to record failed');
    throw error instanceof RecordSendError ? error : new RecordSendError(reason);
  }
  await markSent(deps.db, job.noteId, remoteId);
  await audit(deps, send, note.template.id, true);
}

/** Retries used up: the send is failed, with the last attempt's reason, and Retry is offered. */
async function sendNoteToRecordDead(deps: RecordDeps, job: SendPayload) {
  const failed = await markFailed(deps.db, job.noteId, RECORD_SEND_FAILURES.badAnswer);
  if (failed) await audit(deps, failed, null, false);
}

/**
 * "Send to record" (issue 28, docs/decisions/022): files a saved note in the clinic's record
 * system. Idempotent by the note's id (one document per note there), retried with backoff.
 */
export const sendToRecordJob = defineJob({
  name: 'send-to-record',
  payload: sendPayload,
  key: (job) => `record:${job.noteId}`,
  retry: { limit: 3, expireInSeconds: 5 * 60 },
  concurrency: 2,
  handle: sendNoteToRecord,
  onDead: sendNoteToRecordDead,
});
