import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { FAILURE } from './generation.failures';
import {
  findGeneration,
  listOutputs,
  listSegments,
  staleGenerations,
  transitionGeneration,
} from './generation.repository';
import { finishIfComplete, type WorkerDeps } from './generation.worker';
import { joinSegmentTexts } from './segment-texts';
import { joinSealedConfidences } from './word-confidences';
import { writeNoteJob } from './write-note.job';

const generationJobPayload = z.object({ generationId: z.number().int().positive() });
type GenerationJob = z.infer<typeof generationJobPayload>;

/**
 * Moves a generation on. Waiting for transcription: when every segment is in, assemble the
 * transcript and start writing. Writing: queue a note job for every template without a note
 * (again, if this runs twice: the note jobs are idempotent).
 */
async function advanceGeneration(deps: WorkerDeps, job: GenerationJob) {
  const generation = await findGeneration(deps.db, job.generationId);
  if (!generation) return;
  if (generation.status === 'transcribing') {
    const from = generation.segmentFrom ?? 0;
    const to = generation.segmentTo ?? 0;
    const segments = await listSegments(deps.db, generation.sessionId, { from, to });
    if (segments.some((segment) => segment.status === 'failed')) {
      const reason = segments.find((segment) => segment.status === 'failed')?.error;
      await transitionGeneration(deps.db, generation.id, ['transcribing'], {
        status: 'failed',
        error: reason && reason !== FAILURE.transcription ? reason : FAILURE.transcription,
      });
      return;
    }
    if (
      segments.length < to - from ||
      segments.some((segment) => segment.status !== 'transcribed')
    ) {
      return; // the last segment's job advances it again
    }
    const transcript = joinSegmentTexts(
      segments.map((segment) => (segment.textSealed ? deps.cipher.open(segment.textSealed) : '')),
    );
    if (!transcript) {
      await transitionGeneration(deps.db, generation.id, ['transcribing'], {
        status: 'failed',
        error: FAILURE.noSpeech,
      });
      return;
    }
    const moved = await transitionGeneration(deps.db, generation.id, ['transcribing'], {
      status: 'writing',
      transcriptSealed: deps.cipher.seal(transcript),
      confidenceSealed: joinSealedConfidences(segments, deps.cipher),
    });
    if (!moved) return;
  } else if (generation.status !== 'writing') {
    return;
  }
  const written = new Set((await listOutputs(deps.db, generation.id)).map((o) => o.templateId));
  for (const templateId of generation.templateIds.filter((id) => !written.has(id))) {
    await deps.jobs.send(writeNoteJob, { generationId: generation.id, templateId });
  }
  await finishIfComplete(deps, generation.id);
}

async function advanceGenerationDead(deps: WorkerDeps, job: GenerationJob) {
  await transitionGeneration(deps.db, job.generationId, ['transcribing', 'writing'], {
    status: 'failed',
    error: FAILURE.note,
  });
}

/**
 * Moves a generation on: waits for its segments, then queues one note job per template. Sent
 * whenever something it waits for may have changed; running it too often is harmless.
 */
export const advanceGenerationJob = defineJob({
  name: 'advance-generation',
  payload: generationJobPayload,
  key: (job) => `advance:${job.generationId}`,
  retry: { limit: 5, expireInSeconds: 5 * 60 },
  concurrency: 2,
  handle: advanceGeneration,
  onDead: advanceGenerationDead,
});

/**
 * A generation that has not moved for a while gets its next step re-sent: covers a process that
 * stored a request and died before it queued the job. Returns the function that stops it.
 */
export function resendStaleGenerations(deps: WorkerDeps): () => void {
  const timer = setInterval(() => {
    staleGenerations(deps.db, 20)
      .then(async (stale) => {
        for (const generation of stale) {
          await deps.jobs.send(advanceGenerationJob, { generationId: generation.id });
        }
      })
      .catch((error: unknown) =>
        deps.log.warn(
          { error: error instanceof Error ? error.message : 'unknown' },
          'Re-sending stale generations failed',
        ),
      );
  }, 10_000);
  timer.unref();
  return () => clearInterval(timer);
}
