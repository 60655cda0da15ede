import { z } from 'zod';

/*
 * The segment upload of the generation pipeline (generation.ts, issue 9), apart from its other schemas (issue
 * 13): a zod schema is a call the bundler keeps once its module is in, so the recorder on Create
 * Notes' first screen, which needs only these, would otherwise download the generation and
 * note-safety schemas too.
 */

/** Segments the browser cuts: at the first pause after the minimum, at the latest at the maximum. */
export const SEGMENT_RULES = {
  minSeconds: 5,
  maxSeconds: 20,
  /** A pause is this long a stretch below the speech level. */
  pauseMs: 300,
  /** 16-bit mono PCM WAV at 16 kHz: the format the browser sends and the engines read. */
  sampleRate: 16_000,
  /** Largest segment body accepted: a little over 60 s of 16 kHz WAV. */
  maxBytes: 2 * 1024 * 1024,
  /**
   * Longest segment accepted, whatever its header says: what maxBytes holds at 16 kHz 16-bit.
   * A lower rate or 8-bit samples would otherwise make 2 MB into minutes of work (issue 23).
   */
  maxAcceptedSeconds: 66,
  mimeType: 'audio/wav',
} as const;

/** The live transcript and the generation status are polled at this pace while they change. */
export const PIPELINE_POLL_MS = 1000;

export const segmentParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  // Decimal digits only (issue 23): Number() read "0x10" as 16 and "1e3" as 1000.
  seq: z
    .string()
    .regex(/^\d{1,6}$/, 'The segment number must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(100_000)),
});

export const SEGMENT_STATUSES = ['queued', 'transcribed', 'failed'] as const;

/** `PUT /api/patient-sessions/{id}/segments/{seq}`: the same seq twice is one segment. */
export const segmentAckSchema = z.object({
  seq: z.number().int(),
  status: z.enum(SEGMENT_STATUSES),
  /** False when this seq was already stored (a retried upload). */
  created: z.boolean(),
});
export type SegmentAck = z.infer<typeof segmentAckSchema>;
