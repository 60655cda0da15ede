import type { QueueSpec } from '../../jobs/job-queue';

/** The pipeline's job queues (issue 9). Handlers live in pipeline.worker.ts. */
export const QUEUES = {
  /** One segment's audio → its text. */
  transcribe: 'transcribe-segment',
  transcribeFailed: 'transcribe-segment-failed',
  /** Moves a generation on: waits for its segments, then queues one note job per template. */
  advance: 'advance-generation',
  advanceFailed: 'advance-generation-failed',
  /** One template's note for a generation. */
  writeNote: 'write-note',
  writeNoteFailed: 'write-note-failed',
} as const;

/** The queues, with retries starting `retryDelaySeconds` after a failure (then doubling). */
export const queueSpecs = (retryDelaySeconds: number): QueueSpec[] => [
  {
    name: QUEUES.transcribe,
    retryLimit: 3,
    retryDelaySeconds,
    expireInSeconds: 15 * 60,
    deadLetter: QUEUES.transcribeFailed,
  },
  {
    name: QUEUES.advance,
    retryLimit: 5,
    retryDelaySeconds,
    expireInSeconds: 5 * 60,
    deadLetter: QUEUES.advanceFailed,
  },
  {
    name: QUEUES.writeNote,
    retryLimit: 3,
    retryDelaySeconds,
    expireInSeconds: 15 * 60,
    deadLetter: QUEUES.writeNoteFailed,
  },
];
