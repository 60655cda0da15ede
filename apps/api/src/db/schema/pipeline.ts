import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ownerIdColumn } from './auth';
import { templates } from './reference';
import { sessionIdColumn } from './sessions';

/** Raw bytes (sealed audio): PostgreSQL `bytea`, a Buffer in Node on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One piece of a consultation's audio, cut by the browser at a pause and uploaded while the
 * recording goes on (issue 9). The session's transcript is its segments' texts in `seq` order.
 * Audio and text are sealed (AES-256-GCM); the audio is dropped once transcribed unless
 * retention is configured.
 */
export const sessionSegments = pgTable(
  'session_segments',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    userId: ownerIdColumn(),
    seq: integer('seq').notNull(),
    /** queued → transcribed, or failed once its job has used up its retries. */
    status: text('status').notNull().default('queued'),
    durationMs: integer('duration_ms').notNull(),
    audioSealed: bytea('audio_sealed'),
    /**
     * SHA-256 (hex) of the uploaded bytes (issue 23, item 9): the same seq sent again with other
     * audio is a 409, while the audio itself may be gone once transcribed. Null before 0009.
     */
    contentSha256: text('content_sha256'),
    textSealed: text('text_sealed'),
    /**
     * Sealed JSON: the recogniser's words in order with their 0–1 confidence (issue 24), where
     * the engine gave any; matched to the text's words by `confidenceTokens`.
     */
    confidenceSealed: text('confidence_sealed'),
    engine: text('engine'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('session_segments_session_seq').on(table.sessionId, table.seq)],
);

/**
 * A request for notes: from the session's segments (`notes`), from a given transcript
 * (`more`: more templates) or a regeneration with an instruction (`regenerate`). Its notes are
 * written by one job per template; `generation_outputs` holds each result once.
 */
export const generations = pgTable(
  'generations',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    userId: ownerIdColumn(),
    kind: text('kind').notNull(),
    templateIds: jsonb('template_ids').$type<number[]>().notNull(),
    /** `notes`: the segments segmentFrom..segmentTo-1 make the transcript. */
    segmentFrom: integer('segment_from'),
    segmentTo: integer('segment_to'),
    /** The transcript the notes are written from (given, or assembled from the segments). */
    transcriptSealed: text('transcript_sealed'),
    /** Sealed JSON: the segments' word confidences joined in order (issue 24), where known. */
    confidenceSealed: text('confidence_sealed'),
    instructionSealed: text('instruction_sealed'),
    previousNoteSealed: text('previous_note_sealed'),
    /** transcribing → writing → done, or failed (the clinician may retry). */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('generations_session_idx').on(table.sessionId),
    index('generations_status_idx').on(table.status, table.updatedAt),
  ],
);

/** One note per generation and template: a job that runs twice still writes one. */
export const generationOutputs = pgTable(
  'generation_outputs',
  {
    generationId: integer('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id),
    outputSealed: text('output_sealed').notNull(),
    notices: jsonb('notices').$type<string[]>(),
    /** Sealed JSON: each sentence's transcript spans, and the safety check's findings (issue 12). */
    evidenceSealed: text('evidence_sealed'),
    safetySealed: text('safety_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.generationId, table.templateId] })],
);

/** Job worker processes that are alive: each refreshes `seenAt` every few seconds. */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  role: text('role').notNull(),
  /** Where it runs, for the operator reading the table. */
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which worker runs which job. A claim whose worker stopped refreshing means the worker died
 * (SIGKILL, lost machine): its job is failed back into pg-boss's retry at once instead of
 * waiting for the job's expiry.
 */
export const jobClaims = pgTable('job_claims', {
  jobId: text('job_id').primaryKey(),
  queue: text('queue').notNull(),
  workerId: text('worker_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
