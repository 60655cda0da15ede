import { ERROR_CODES, type GeneratedNoteOutput } from '@clerkly/contracts';
import { HttpError } from '../../lib/http-error';
import { requireOwnedSession, SessionInputError } from '../sessions/sessions.service';
import { loadNoteTemplates } from '../reference-data/templates.repository';
import { countQueuedSegmentsOfUser, insertSegment, nextSegmentSeq } from './generation.repository';
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
import { measureRecording, segmentRecording } from './legacy-upload.segments';

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
 * Upload: the whole recording is cut into segments as it is decoded (never whole in memory),
 * each segment is transcribed by a job, then the notes are written by jobs. The upload is the
 * whole consultation, so its segments alone make the transcript.
 */
export async function transcribeUpload(
  deps: GenerationDeps,
  userId: string,
  input: { file: string; sessionId: number; templateIds: number[]; timeoutMs: number },
): Promise<{ outputs: GeneratedNoteOutput[]; transcription: string }> {
  const { db, cipher } = deps;
  await requireOwnedSession(db, userId, input.sessionId);
  // Refuse before the expensive part: a trial user over the limit should not wait for nothing.
  const templateIds = [...new Set(input.templateIds)];
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
  const from = await nextSegmentSeq(db, input.sessionId);
  let seq = from;
  // Each segment queues behind this clinician's others, not behind everyone's (fair queue).
  let queued = await countQueuedSegmentsOfUser(db, userId);
  for await (const segment of segmentRecording(input.file)) {
    // Another upload to the same session may take a number first: take the next free one.
    for (;;) {
      const stored = await insertSegment(db, {
        sessionId: input.sessionId,
        userId,
        seq,
        durationMs: segmentDurationMs(segment.wav),
        audioSealed: cipher.sealBytes(segment.wav),
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
  const generation = await startGeneration(deps, userId, input.sessionId, {
    templateIds,
    segmentCount: seq,
    segmentFrom: from,
  });
  const result = await resultOf(deps, generation.id, input.timeoutMs);
  return { outputs: result.outputs, transcription: result.transcription ?? '' };
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
