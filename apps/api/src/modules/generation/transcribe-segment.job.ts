import { z } from 'zod';
import { transcriptText } from '../../engines/stt/speech-to-text';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { loadNoteTemplates } from '../reference-data/templates.repository';
import { findUserById } from '../users/users.repository';
import { advanceGenerationJob } from './advance-generation.job';
import { FAILURE, isPermanent } from './generation.failures';
import { sealWordConfidences } from './word-confidences';
import {
  completeSegment,
  failSegment,
  findSegmentById,
  segmentStillQueued,
  waitingGenerationsOf,
} from './generation.repository';
import type { WorkerDeps } from './generation.worker';

const segmentJobPayload = z.object({ segmentId: z.number().int().positive() });
type SegmentJob = z.infer<typeof segmentJobPayload>;

async function advanceWaitingGenerations(deps: WorkerDeps, sessionId: number) {
  for (const generation of await waitingGenerationsOf(deps.db, sessionId)) {
    await deps.jobs.send(advanceGenerationJob, { generationId: generation.id });
  }
}

/**
 * Issue 15: the words this clinician's consultations are likely to hold, for the recogniser's
 * bias: the profile's common conditions and the topics of their usual templates.
 */
async function clinicianVocabulary(deps: WorkerDeps, userId: string): Promise<string[]> {
  const user = await findUserById(deps.db, userId);
  if (!user) return [];
  const templateIds = user.commonTemplate
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const templates = await loadNoteTemplates(deps.db, templateIds, { userId });
  const topics = [...templates.values()].flatMap((template) => template.topics.map((t) => t.name));
  return [user.commonConditions, ...topics].filter((text) => text.trim() !== '');
}

/** How often a running transcription checks that its segment is still wanted. */
const SEGMENT_WATCH_MS = 500;

/**
 * Aborts `controller` once nobody waits for the segment's transcript any more: the segment (or its
 * session, or its clinician's account) was deleted, the session was saved and its audio dropped,
 * or another run already wrote the transcript. It reads the database, so it notices a change
 * made by any process; the returned function stops watching.
 */
function abortWhenUnwanted(
  deps: WorkerDeps,
  segmentId: number,
  controller: AbortController,
): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    segmentStillQueued(deps.db, segmentId)
      .then((wanted) => {
        if (!wanted) controller.abort(new Error('The segment is no longer wanted.'));
      })
      .catch(() => undefined) // a failed check is not a reason to stop decoding
      .finally(() => {
        checking = false;
      });
  }, SEGMENT_WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One segment's audio → text. Running twice is harmless: only a queued segment is written. */
async function transcribeSegment(deps: WorkerDeps, job: SegmentJob, context: JobContext) {
  const segment = await findSegmentById(deps.db, job.segmentId);
  if (!segment || segment.status !== 'queued' || !segment.audioSealed) return;
  // Issue 25: a stopped session's clinician waits for this segment; a recording one reads a draft.
  const waiting = (await waitingGenerationsOf(deps.db, segment.sessionId)).length > 0;
  const unwanted = new AbortController();
  const stopWatching = abortWhenUnwanted(deps, segment.id, unwanted);
  try {
    const transcript = await deps.stt.transcribe(
      {
        data: deps.cipher.openBytes(segment.audioSealed),
        mimeType: 'audio/wav',
        filename: `segment-${segment.seq}.wav`,
      },
      {
        signal: AbortSignal.any([context.signal, unwanted.signal]),
        vocabulary: await clinicianVocabulary(deps, segment.userId),
        waiting,
      },
    );
    await completeSegment(deps.db, segment.id, {
      textSealed: deps.cipher.seal(transcriptText(transcript).trim()),
      confidenceSealed: sealWordConfidences(transcript.words, deps.cipher),
      engine: transcript.engine,
      dropAudio: !deps.keepAudio,
    });
  } catch (error) {
    // Decoding stopped because nobody waits for it: done, nothing to write, nothing to retry.
    if (unwanted.signal.aborted && !context.signal.aborted) {
      deps.log.info({ segmentId: segment.id }, 'Transcription of a discarded segment stopped');
      return;
    }
    if (!isPermanent(error)) throw error;
    await failSegment(deps.db, segment.id, error.message);
  } finally {
    stopWatching();
  }
  await advanceWaitingGenerations(deps, segment.sessionId);
}

/** A segment whose retries are used up: the clinician sees a failure with a Retry button. */
async function transcribeSegmentDead(deps: WorkerDeps, job: SegmentJob) {
  const segment = await findSegmentById(deps.db, job.segmentId);
  if (!segment) return;
  await failSegment(deps.db, segment.id, FAILURE.transcription);
  await advanceWaitingGenerations(deps, segment.sessionId);
}

/** One segment's audio → its text (issue 9); fails the segment once its retries are used up. */
export const transcribeSegmentJob = defineJob({
  name: 'transcribe-segment',
  payload: segmentJobPayload,
  key: (job) => `segment:${job.segmentId}`,
  retry: { limit: 3, expireInSeconds: 15 * 60 },
  concurrency: (settings) => settings.transcribeConcurrency,
  handle: transcribeSegment,
  onDead: transcribeSegmentDead,
});
