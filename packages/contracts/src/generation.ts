import { z } from 'zod';
import { speechEngineLabel } from './engines';
import { transcriptConfidenceSchema } from './notes/confidence';
import { noteEvidenceSchema } from './notes/evidence';
import { safetyFindingSchema } from './notes/safety-check';
import { SEGMENT_RULES, SEGMENT_STATUSES } from './segments';

// The segment upload's rules and schemas, which the recorder needs on its own (segments.ts).
export * from './segments';

/**
 * The consultation pipeline (issue 9): the browser cuts the recording into segments at pauses
 * while it records and uploads each one as soon as it is cut; the server transcribes each segment
 * in a background job as it arrives; after Stop, a generation waits only for the segments still in
 * flight and writes one note per template, each as a job.
 */

export const generatedNoteSchema = z.object({
  templateId: z.number().int(),
  output: z.string(),
  /** What the engine could not do (e.g. an instruction beyond the offline engine). */
  notices: z.array(z.string()).optional(),
  /** Each sentence with the transcript spans it comes from (issue 12); absent from old servers. */
  evidence: noteEvidenceSchema.optional(),
  /** Facts of the note the transcript does not bear out, each with where the transcript speaks. */
  safety: z.array(safetyFindingSchema).optional(),
});
export type GeneratedNoteOutput = z.infer<typeof generatedNoteSchema>;

const transcriptSegmentSchema = z.object({
  seq: z.number().int(),
  status: z.enum(SEGMENT_STATUSES),
  durationSeconds: z.number(),
  /** Null until transcribed. */
  text: z.string().nullable(),
  /** Why transcription failed, in words for the user. */
  error: z.string().nullable(),
  /** Which engine transcribed it (sphinx, deepgram, openai). */
  engine: z.string().nullable(),
  /** The recogniser's words with their 0–1 confidence (issue 24), where the engine gave them. */
  words: transcriptConfidenceSchema.optional(),
});

/** "Transcribed by …" for the engines that transcribed a session's segments, or null. */
export function transcribedByText(engines: readonly (string | null)[]): string | null {
  const names = [...new Set(engines.filter((engine): engine is string => Boolean(engine)))];
  if (names.length === 0) return null;
  return `Transcribed by ${names.map(speechEngineLabel).join(' and ')}.`;
}

/**
 * Issue 25: how far transcription trails the recording, said plainly once it is behind by more
 * than the longest segment (the one being decoded), as on a server full of consultations, instead
 * of an unexplained "Nothing recognised yet". `behindSeconds` is the audio recorded and cut into
 * segments but not transcribed yet (waiting to be sent or waiting for the recogniser).
 */
export function transcriptionLagText(behindSeconds: number): string | null {
  if (!(behindSeconds > SEGMENT_RULES.maxSeconds)) return null;
  return `Transcription is ${Math.round(behindSeconds)} s behind.`;
}

/** `GET /api/patient-sessions/{id}/transcript`: the live (draft) transcript. */
export const sessionTranscriptSchema = z.object({
  segments: z.array(transcriptSegmentSchema),
  /** The transcribed segments' texts in sequence order. */
  text: z.string(),
  /** Seconds of audio received but not transcribed yet. */
  pendingSeconds: z.number(),
});
export type SessionTranscript = z.infer<typeof sessionTranscriptSchema>;

/** `POST /api/patient-sessions/{id}/generations`: notes from the segments 0..segmentCount-1. */
export const startGenerationSchema = z.object({
  templateIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Choose at least one template')
    .max(20, 'Choose at most 20 templates'),
  /** How many segments the browser recorded (all must have been uploaded). */
  segmentCount: z.number().int().min(1).max(100_000),
});
export type StartGeneration = z.infer<typeof startGenerationSchema>;

const GENERATION_STATUSES = ['transcribing', 'writing', 'done', 'failed'] as const;

export const generationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `GET /api/generations/{id}`: what the clinician sees while waiting, then the notes. */
export const generationSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  status: z.enum(GENERATION_STATUSES),
  templateIds: z.array(z.number().int()),
  /** Segments not transcribed yet, and their audio length. */
  pendingSegments: z.number().int(),
  pendingSeconds: z.number(),
  /** The notes written so far (all of them once done). */
  outputs: z.array(generatedNoteSchema),
  /** The whole transcript, once every segment is transcribed. */
  transcription: z.string().nullable(),
  /** Its words' recogniser confidences (issue 24), where the engine gave them. */
  transcriptionConfidence: transcriptConfidenceSchema.optional(),
  /** Why it failed, in words for the user; the clinician can retry. */
  error: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

/** What the waiting screen says, from a generation's status (issue 9 "instead of a bare spinner"). */
export function describeGeneration(
  generation: Pick<
    Generation,
    'status' | 'pendingSeconds' | 'pendingSegments' | 'templateIds' | 'outputs'
  >,
): string {
  switch (generation.status) {
    case 'transcribing': {
      const seconds = Math.max(1, Math.round(generation.pendingSeconds));
      return `Transcribing the last ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`;
    }
    case 'writing': {
      const left = generation.templateIds.length - generation.outputs.length;
      const count = Math.max(1, left);
      return `Writing ${count} ${count === 1 ? 'note' : 'notes'}…`;
    }
    case 'done':
      return 'Notes ready.';
    case 'failed':
      return 'Generating notes failed.';
  }
}
