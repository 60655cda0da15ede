import { createHash } from 'node:crypto';
import { ERROR_CODES, UPLOAD_IN_PROGRESS, type GeneratedNoteOutput } from '@clerkly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { requireOwnedSession, SessionInputError } from '../sessions/sessions.service';
import { loadNoteTemplates } from '../reference-data/templates.repository';
import {
  countQueuedSegmentsOfUser,
  findGeneration,
  insertSegment,
  nextSegmentSeq,
} from './generation.repository';
import { isServerFailure } from './generation.failures';
import { transcribeSegmentJob } from './transcribe-segment.job';
import {
  generationView,
  notesRequestFor,
  segmentDurationMs,
  startGeneration,
  startTextGeneration,
  transcribePriority,
  waitForGeneration,
  type GenerationDeps,
} from './generation.service';
import { runAsActor } from '../audit/audit.context';
import { measureRecording, segmentRecording } from './legacy-upload.segments';
import {
  findUpload,
  insertUpload,
  interruptedUploadsOf,
  markUpload,
  recordSegmentCut,
  type SessionUpload,
} from './legacy-upload.repository';

/**
 * The seed's one-request endpoints (upload, more templates, regenerate), kept for the clients
 * that use them and built on the same jobs as the segment pipeline (issue 9 "Stop → notes").
 */

/** A generation that ended in failure, or did not end in time, for a one-request endpoint. */
class GenerationFailedError extends HttpError {
  constructor(message: string, status: number) {
    super(status, status < 500 ? ERROR_CODES.badRequest : ERROR_CODES.unavailable, message);
  }
}

async function resultOf(deps: GenerationDeps, id: number, timeoutMs: number) {
  const finished = await waitForGeneration(deps, id, { timeoutMs });
  if (finished.status === 'failed') {
    const message = finished.error ?? 'Generating notes failed.';
    throw new GenerationFailedError(message, isServerFailure(message) ? 502 : 400);
  }
  if (finished.status !== 'done') {
    throw new GenerationFailedError(
      'The notes are taking longer than expected. They are still being written and will be ' +
        "kept with the session's drafts.",
      504,
    );
  }
  return generationView(deps, finished);
}

/**
 * The upload's answer while its work goes on (issue 23, finding 10): 503 with Retry-After, not a
 * 504, since the work succeeds. The retry is recognised and answered from the same work.
 */
export class UploadInProgressError extends HttpError {
  readonly retryAfterSeconds = UPLOAD_IN_PROGRESS.retryAfterSeconds;
  constructor() {
    super(503, UPLOAD_IN_PROGRESS.code, UPLOAD_IN_PROGRESS.message);
  }
}

/** Uploads this process is cutting right now: the same one arriving meanwhile is told to retry. */
const cuttingNow = new Set<number>();

/** What makes a retry the same upload: the same bytes for the same notes. */
export const uploadKey = (contentSha256: string, templateIds: number[]) =>
  createHash('sha256')
    .update(`${contentSha256}:${[...templateIds].sort((a, b) => a - b).join(',')}`)
    .digest('hex');

async function uploadResult(deps: GenerationDeps, generationId: number, timeoutMs: number) {
  const finished = await waitForGeneration(deps, generationId, { timeoutMs });
  if (finished.status === 'failed') {
    const message = finished.error ?? 'Generating notes failed.';
    throw new GenerationFailedError(message, isServerFailure(message) ? 502 : 400);
  }
  if (finished.status !== 'done') throw new UploadInProgressError();
  const result = await generationView(deps, finished);
  return { outputs: result.outputs, transcription: result.transcription ?? '' };
}

/**
 * Upload: the whole recording is cut into segments as it is decoded (never whole in memory),
 * each segment is transcribed by a job, then the notes are written by jobs. The upload is the
 * whole consultation, so its segments alone make the transcript.
 *
 * Issue 23: the upload is recorded (by its bytes) before it is cut, and each stored segment is
 * counted with it, so the same upload sent again is answered from the work already done or under
 * way (finding 10), and a process killed while cutting leaves a record its restart finishes
 * (finding 7, `finishInterruptedUploads`); a retry then cuts only what was not yet stored.
 */
export async function transcribeUpload(
  deps: GenerationDeps,
  userId: string,
  input: {
    file: string;
    contentSha256: string;
    sessionId: number;
    templateIds: number[];
    timeoutMs: number;
    /** This process (host:port), so its restart finds what it was cutting. */
    seat: string;
  },
): Promise<{ outputs: GeneratedNoteOutput[]; transcription: string }> {
  const { db } = deps;
  await requireOwnedSession(db, userId, input.sessionId);
  const templateIds = [...new Set(input.templateIds)];
  const key = uploadKey(input.contentSha256, templateIds);
  let upload = await findUpload(db, input.sessionId, key);
  // The same upload again, its recording all cut: its result, without redoing any work; only
  // notes that failed are tried again, from the segments already stored.
  if (upload?.status === 'cut' && upload.generationId !== null) {
    const previous = await findGeneration(db, upload.generationId);
    if (previous?.status !== 'failed') {
      return uploadResult(deps, upload.generationId, input.timeoutMs);
    }
    const again = await startGeneration(deps, userId, input.sessionId, {
      templateIds: upload.templateIds,
      segmentCount: upload.segmentTo,
      segmentFrom: upload.segmentFrom,
    });
    await markUpload(db, upload.id, { generationId: again.id });
    return uploadResult(deps, again.id, input.timeoutMs);
  }
  // Being cut now, here or by another live process: ask again later.
  if (upload && (cuttingNow.has(upload.id) || upload.seat !== input.seat)) {
    throw new UploadInProgressError();
  }
  // Refuse before the expensive part: a trial user over the limit should not wait for nothing.
  await deps.entitlements.assertMayGenerate(
    db,
    userId,
    await notesRequestFor(db, input.sessionId, templateIds),
  );
  const known = await loadNoteTemplates(db, templateIds, { userId });
  const unknown = templateIds.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new SessionInputError(`Unknown template ${unknown}`, 'selectedTemplateIds');
  }

  // Length and format from the bytes first: nothing is stored or queued for a recording that
  // will be refused (issue 23: a crafted header made 32 KB into 563 queued jobs).
  await measureRecording(input.file);
  if (!upload) {
    const from = await nextSegmentSeq(db, input.sessionId);
    upload = await insertUpload(db, {
      sessionId: input.sessionId,
      userId,
      contentSha256: key,
      templateIds,
      segmentFrom: from,
      segmentTo: from,
      seat: input.seat,
    });
    if (!upload) throw new UploadInProgressError();
  }
  cuttingNow.add(upload.id);
  let generationId: number;
  try {
    generationId = await cutAndGenerate(deps, userId, upload, input.file);
  } finally {
    cuttingNow.delete(upload.id);
  }
  return uploadResult(deps, generationId, input.timeoutMs);
}

/**
 * Cuts the recording into stored, queued segments, skipping those an interrupted run stored
 * already, then starts the generation of the whole upload.
 */
async function cutAndGenerate(
  deps: GenerationDeps,
  userId: string,
  upload: SessionUpload,
  file: string,
): Promise<number> {
  const { db, cipher } = deps;
  let seq = upload.segmentTo;
  let index = 0;
  // Each segment queues behind this clinician's others, not behind everyone's (fair queue).
  let queued = await countQueuedSegmentsOfUser(db, userId);
  for await (const segment of segmentRecording(file)) {
    index += 1;
    if (index <= upload.segmentsCut) continue;
    // Another upload to the same session may take a number first: take the next free one.
    for (;;) {
      const number = seq;
      // Stored and counted together: a crash leaves either both or neither.
      const stored = await db.transaction(async (tx) => {
        const row = await insertSegment(tx, {
          sessionId: upload.sessionId,
          userId,
          seq: number,
          durationMs: segmentDurationMs(segment.wav),
          audioSealed: cipher.sealBytes(segment.wav),
        });
        if (row) await recordSegmentCut(tx, upload.id, number + 1);
        return row;
      });
      seq += 1;
      if (stored) {
        await deps.jobs.send(
          transcribeSegmentJob,
          { segmentId: stored.id },
          transcribePriority(queued),
        );
        queued += 1;
        break;
      }
    }
  }
  const generation = await startGeneration(deps, userId, upload.sessionId, {
    templateIds: upload.templateIds,
    segmentCount: seq,
    segmentFrom: upload.segmentFrom,
  });
  await markUpload(db, upload.id, { status: 'cut', generationId: generation.id });
  return generation.id;
}

/**
 * At start (issue 23, finding 7): the uploads a killed process on this seat was cutting get a
 * generation for the segments it stored, so their notes are written as drafts of the session;
 * the client's retry of the same upload cuts the rest and is answered with the whole result.
 */
export async function finishInterruptedUploads(
  deps: GenerationDeps,
  seat: string,
  log: FastifyBaseLogger,
): Promise<number> {
  let started = 0;
  for (const upload of await interruptedUploadsOf(deps.db, seat)) {
    if (upload.generationId !== null || upload.segmentTo === upload.segmentFrom) continue;
    try {
      // Recorded as the clinician's, whose upload it finishes; no request, so no address.
      const generation = await runAsActor({ userId: upload.userId, address: null }, () =>
        startGeneration(deps, upload.userId, upload.sessionId, {
          templateIds: upload.templateIds,
          segmentCount: upload.segmentTo,
          segmentFrom: upload.segmentFrom,
        }),
      );
      await markUpload(deps.db, upload.id, { generationId: generation.id });
      started += 1;
    } catch (error) {
      // Ids only: the log never carries patient text.
      log.warn({ uploadId: upload.id, err: error }, 'An interrupted upload could not be finished');
    }
  }
  return started;
}

/** More templates or a regeneration, from the transcript the client sends. */
export async function generateFromText(
  deps: GenerationDeps,
  userId: string,
  input: Parameters<typeof startTextGeneration>[2] & { timeoutMs: number },
) {
  const generation = await startTextGeneration(deps, userId, input);
  return resultOf(deps, generation.id, input.timeoutMs);
}
