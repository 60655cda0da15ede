import { NOTHING_TO_SEND, RECORD_NOT_CONFIGURED, type RecordSend } from '@clerkly/contracts';
import type { RecordEndpointConfig } from '../../config/config';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define-job';
import { ConflictError, NotFoundError } from '../../lib/http-error';
import { requireOwnedSession } from '../sessions/sessions.service';
import { findSavedNoteId, listSessionSends, queueSend } from './record.repository';
import { sendToRecordJob } from './send-to-record.job';

class NothingToSendError extends NotFoundError {
  constructor() {
    super(NOTHING_TO_SEND);
  }
}

class RecordNotConfiguredError extends ConflictError {
  constructor() {
    super(RECORD_NOT_CONFIGURED);
  }
}

/** A session's sends, as the web app shows them (owner only: 404 for anyone else). */
export async function sessionSends(
  db: Db,
  userId: string,
  sessionId: number,
): Promise<RecordSend[]> {
  await requireOwnedSession(db, userId, sessionId);
  return (await listSessionSends(db, sessionId)).map((row) => ({
    templateId: row.templateId,
    status: row.status as RecordSend['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    remoteId: row.remoteId,
  }));
}

/**
 * "Send to record" and its Retry: queues the saved note's send and its job. A send already
 * queued is not restarted; its job is sent again in case the first was lost with its process
 * (a job still waiting for the same note makes that a no-op).
 */
export async function queueNoteForRecord(
  deps: { db: Db; jobs: JobSender; record: RecordEndpointConfig | null },
  userId: string,
  sessionId: number,
  templateId: number,
): Promise<RecordSend> {
  await requireOwnedSession(deps.db, userId, sessionId);
  const noteId = await findSavedNoteId(deps.db, sessionId, templateId);
  if (noteId === null) throw new NothingToSendError();
  if (!deps.record) throw new RecordNotConfiguredError();
  await queueSend(deps.db, { noteId, sessionId, userId });
  await deps.jobs.send(sendToRecordJob, { noteId });
  const sends = await sessionSends(deps.db, userId, sessionId);
  return sends.find((send) => send.templateId === templateId)!;
}
