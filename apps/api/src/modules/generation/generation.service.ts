import { createHash } from 'node:crypto';
import type {
  Generation,
  SegmentAck,
  SessionTranscript,
  StartGeneration,
  WordConfidence,
} from '@clerkly/contracts';
import { SEGMENT_RULES, safetyFindingSchema } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import type { generations } from '../../db/schema';
import { WavHeaderError, readWavHeader, sampleRateMessage } from '../../engines/audio/wav';
import { openEvidence } from '../../engines/notes/evidence';
import type { JobSender } from '../../jobs/define-job';
import type { FieldCipher } from '../../lib/field-crypto';
import { ConflictError, NotFoundError } from '../../lib/http-error';
import { recordAuditEvent, recordAuditRead } from '../audit/audit.service';
import { requireOwnedSession, SessionInputError } from '../sessions/sessions.service';
import type { Entitlements, NotesRequest } from '../usage/entitlements.service';
import { countedTemplatesOfSession } from '../usage/usage.repository';
import { loadNoteTemplates } from '../reference-data/templates.repository';
import {
  countQueuedSegmentsOfUser,
  findGeneration,
  findSegment,
  insertGeneration,
  insertSegment,
  listOutputs,
  listSegments,
  requeueFailedSegments,
  transitionGeneration,
  type GenerationRow,
} from './generation.repository';
import { advanceGenerationJob } from './advance-generation.job';
import { joinSegmentTexts } from './segment-texts';
import { transcribeSegmentJob } from './transcribe-segment.job';
import { openWordConfidences } from './word-confidences';

const safetyFindingsSchema = safetyFindingSchema.array();

/**
 * Fair transcription (issue 23, "one user's work must not starve another's"): a clinician's n-th
 * waiting segment is queued at priority -n, so whatever one clinician has queued (a 3-hour upload
 * is ~500 segments), another's first segment runs as soon as a worker is free, and the workers
 * take clinicians' segments in turns. `queuedBefore` is the clinician's waiting segments other
 * than this one.
 */
export const transcribePriority = (queuedBefore: number): { priority: number } => ({
  priority: -Math.max(0, queuedBefore),
});

/**
 * Issue 25, the clinician who is waiting: once a session is stopped, its segments still waiting
 * go ahead of every segment of sessions still recording (whose clinicians read a draft and wait
 * for nothing yet). Above any fairness priority (those are 0 or below).
 */
const STOPPED_SESSION_PRIORITY = 1_000_000;

/**
 * Puts a stopped session's waiting segments at the head of the transcription queue, its n-th
 * waiting segment at STOPPED_SESSION_PRIORITY - n: the session's segments run in the order they
 * were recorded, and two stopped sessions take turns, so a clinician with a few seconds left is
 * not kept waiting behind all of another's long recording (seen in the browser tests on a busy
 * machine: 12 s of audio waited over two minutes behind a 3-minute consultation stopped first).
 * Among segments of equal priority the oldest runs first.
 */
async function prioritiseStoppedSession(
  deps: GenerationDeps,
  segments: readonly { id: number; seq: number; status: string }[],
): Promise<void> {
  const waiting = segments
    .filter((segment) => segment.status === 'queued')
    .sort((a, b) => a.seq - b.seq);
  for (const [turn, segment] of waiting.entries()) {
    await deps.jobs.prioritise(
      transcribeSegmentJob,
      [{ segmentId: segment.id }],
      STOPPED_SESSION_PRIORITY - turn,
    );
  }
}

/** What the generation's requests need; `generationDeps(app)` in the routes builds it. */
export interface GenerationDeps {
  db: Db;
  cipher: FieldCipher;
  jobs: JobSender;
  entitlements: Entitlements;
}

/**
 * What a generation asks of the trial limits: its notes not counted before for this session
 * (issue 26: "Record more" rewrites them), and the session's tabs after it.
 */
export async function notesRequestFor(
  db: Db,
  sessionId: number,
  templateIds: number[],
): Promise<NotesRequest> {
  const counted = await countedTemplatesOfSession(db, sessionId);
  const requested = new Set(templateIds);
  return {
    notes: [...requested].filter((templateId) => !counted.has(templateId)).length,
    sessionTemplates: new Set([...counted, ...requested]).size,
  };
}

/** A request that conflicts with the session's state (segments missing): 409. */
class SegmentsMissingError extends ConflictError {}

/** A segment number already received with other audio (issue 23): 409. */
class SegmentReplacedError extends ConflictError {}

class GenerationNotFoundError extends NotFoundError {
  constructor() {
    super('Generation not found');
  }
}

/**
 * Seconds of audio in a WAV body, or a 400 that says what is wrong with it. A header whose sample
 * rate no recording has, or whose length is past `SEGMENT_RULES.maxAcceptedSeconds`, is refused
 * here, before the segment is stored or its job queued (issue 23).
 */
export function segmentDurationMs(wav: Uint8Array): number {
  let durationMs: number;
  try {
    const header = readWavHeader(wav);
    const bytesPerSecond = header.sampleRate * header.channels * (header.bitsPerSample / 8);
    if (!bytesPerSecond) throw new WavHeaderError('no samples');
    durationMs = Math.round((header.dataBytes / bytesPerSecond) * 1000);
  } catch (error) {
    if (error instanceof WavHeaderError && error.sampleRate !== undefined) {
      throw new SessionInputError(sampleRateMessage(error.sampleRate), 'audio');
    }
    if (error instanceof WavHeaderError) {
      throw new SessionInputError(
        `The segment is not a WAV recording (${SEGMENT_RULES.mimeType}).`,
        'audio',
      );
    }
    throw error;
  }
  if (durationMs > SEGMENT_RULES.maxAcceptedSeconds * 1000) {
    throw new SessionInputError(
      `The segment is longer than ${SEGMENT_RULES.maxAcceptedSeconds} seconds; ` +
        `send the recording in parts of at most ${SEGMENT_RULES.maxSeconds} seconds.`,
      'audio',
    );
  }
  return durationMs;
}

/**
 * Stores one uploaded segment and queues its transcription (issue 9 "Segments while recording").
 * The same seq again with the same bytes is the same segment: a retried upload changes nothing,
 * but re-queues the job in case the first request stored the segment and died before queueing
 * it. The same seq with other bytes is a 409 (issue 23).
 */
export async function storeSegment(
  deps: GenerationDeps,
  userId: string,
  sessionId: number,
  seq: number,
  wav: Uint8Array,
): Promise<SegmentAck> {
  await requireOwnedSession(deps.db, userId, sessionId);
  if (wav.length === 0) throw new SessionInputError('The segment is empty.', 'audio');
  const durationMs = segmentDurationMs(wav);
  const contentSha256 = createHash('sha256').update(wav).digest('hex');
  const inserted = await insertSegment(deps.db, {
    sessionId,
    userId,
    seq,
    durationMs,
    audioSealed: deps.cipher.sealBytes(wav),
    contentSha256,
  });
  const existing = inserted ? null : (await findSegment(deps.db, sessionId, seq))!;
  if (existing?.contentSha256 && existing.contentSha256 !== contentSha256) {
    throw new SegmentReplacedError(
      `Part ${seq} of this recording was already received with different audio; ` +
        'send the next part under a new number.',
    );
  }
  const segment = inserted ?? existing!;
  if (segment.status === 'queued') {
    const queued = await countQueuedSegmentsOfUser(deps.db, userId);
    await deps.jobs.send(
      transcribeSegmentJob,
      { segmentId: segment.id },
      transcribePriority(queued - 1),
    );
  }
  return {
    seq,
    status: segment.status as SegmentAck['status'],
    created: inserted !== null,
  };
}

const wordsOf = (words: WordConfidence[] | undefined) => (words ? { words } : {});
const confidenceOf = (words: WordConfidence[] | undefined) =>
  words ? { transcriptionConfidence: words } : {};

/** The live (draft) transcript: what has been recognised so far, in order. */
export async function sessionTranscript(
  deps: GenerationDeps,
  userId: string,
  sessionId: number,
): Promise<SessionTranscript> {
  await requireOwnedSession(deps.db, userId, sessionId);
  await recordAuditRead(deps.db, { kind: 'transcript.read', sessionId });
  const segments = await listSegments(deps.db, sessionId);
  const view = segments.map((segment) => ({
    seq: segment.seq,
    status: segment.status as SessionTranscript['segments'][number]['status'],
    durationSeconds: segment.durationMs / 1000,
    text: segment.textSealed ? deps.cipher.open(segment.textSealed) : null,
    error: segment.error,
    engine: segment.engine,
    ...wordsOf(openWordConfidences(segment.confidenceSealed, deps.cipher)),
  }));
  return {
    segments: view,
    text: joinSegmentTexts(view.map((segment) => segment.text ?? '')),
    pendingSeconds: view
      .filter((segment) => segment.status === 'queued')
      .reduce((sum, segment) => sum + segment.durationSeconds, 0),
  };
}

async function requireTemplates(db: Db, userId: string, templateIds: number[]): Promise<number[]> {
  const unique = [...new Set(templateIds)];
  const templates = await loadNoteTemplates(db, unique, { userId });
  const missing = unique.find((id) => !templates.has(id));
  if (missing !== undefined) {
    throw new SessionInputError(`Unknown template ${missing}`, 'templateIds');
  }
  return unique;
}

/**
 * Checks the trial limits and counts the notes in one step with the generation's record
 * (issue 10: entitlements reserve under a row lock). The notes are counted when asked for, not
 * when written: a retry after a failure does not count them again. A regeneration replaces a note
 * the clinician already has, so it is checked but not counted.
 */
async function createGeneration(
  deps: GenerationDeps,
  userId: string,
  values: Omit<typeof generations.$inferInsert, 'userId'>,
  count: boolean,
): Promise<GenerationRow> {
  if (!count) {
    await deps.entitlements.assertMayGenerate(deps.db, userId, { notes: 0, sessionTemplates: 0 });
  }
  return deps.db.transaction(async (tx) => {
    if (count) {
      await deps.entitlements.reserveNotes(tx, userId, (locked) =>
        notesRequestFor(locked, values.sessionId, values.templateIds),
      );
    }
    const generation = await insertGeneration(tx, { ...values, userId });
    await recordAuditEvent(tx, {
      kind: values.kind === 'regenerate' ? 'note.regenerated' : 'notes.generated',
      sessionId: values.sessionId,
      templateIds: values.templateIds,
      generationId: generation.id,
    });
    return generation;
  });
}

/** After Stop: notes from the segments the browser recorded (issue 9 "Stop → notes"). */
export async function startGeneration(
  deps: GenerationDeps,
  userId: string,
  sessionId: number,
  input: StartGeneration & { segmentFrom?: number },
): Promise<Generation> {
  await requireOwnedSession(deps.db, userId, sessionId);
  const templateIds = await requireTemplates(deps.db, userId, input.templateIds);
  const from = input.segmentFrom ?? 0;
  const present = await listSegments(deps.db, sessionId, { from, to: input.segmentCount });
  const missing = input.segmentCount - from - present.length;
  if (missing > 0) {
    throw new SegmentsMissingError(
      `${missing} of the recording's ${input.segmentCount - from} parts have not arrived yet. ` +
        'They are sent as soon as the connection allows; try again in a moment.',
    );
  }
  const generation = await createGeneration(
    deps,
    userId,
    {
      sessionId,
      kind: 'notes',
      templateIds,
      segmentFrom: from,
      segmentTo: input.segmentCount,
      status: 'transcribing',
    },
    true,
  );
  await prioritiseStoppedSession(deps, present);
  await deps.jobs.send(advanceGenerationJob, { generationId: generation.id });
  return generationView(deps, generation);
}

/** More templates, or a regeneration with an instruction, from a transcript the client holds. */
export async function startTextGeneration(
  deps: GenerationDeps,
  userId: string,
  input: {
    sessionId: number;
    kind: 'more' | 'regenerate';
    transcript: string;
    templateIds: number[];
    instruction?: string;
    previousNote?: string;
  },
): Promise<GenerationRow> {
  await requireOwnedSession(deps.db, userId, input.sessionId);
  const templateIds = await requireTemplates(deps.db, userId, input.templateIds);
  const { cipher } = deps;
  const generation = await createGeneration(
    deps,
    userId,
    {
      sessionId: input.sessionId,
      kind: input.kind,
      templateIds,
      transcriptSealed: cipher.seal(input.transcript),
      instructionSealed: input.instruction === undefined ? null : cipher.seal(input.instruction),
      previousNoteSealed: input.previousNote === undefined ? null : cipher.seal(input.previousNote),
      status: 'writing',
    },
    input.kind !== 'regenerate',
  );
  await deps.jobs.send(advanceGenerationJob, { generationId: generation.id });
  return generation;
}

export async function generationView(
  deps: GenerationDeps,
  generation: GenerationRow,
): Promise<Generation> {
  const { cipher } = deps;
  const [outputs, segments] = await Promise.all([
    listOutputs(deps.db, generation.id),
    generation.kind === 'notes' && generation.status === 'transcribing'
      ? listSegments(deps.db, generation.sessionId, {
          from: generation.segmentFrom ?? 0,
          to: generation.segmentTo ?? 0,
        })
      : Promise.resolve([]),
  ]);
  const pending = segments.filter((segment) => segment.status === 'queued');
  const order = new Map(generation.templateIds.map((id, index) => [id, index]));
  return {
    id: generation.id,
    sessionId: generation.sessionId,
    status: generation.status as Generation['status'],
    templateIds: generation.templateIds,
    pendingSegments: pending.length,
    pendingSeconds: pending.reduce((sum, segment) => sum + segment.durationMs / 1000, 0),
    outputs: outputs
      .sort((a, b) => (order.get(a.templateId) ?? 0) - (order.get(b.templateId) ?? 0))
      .map((output) => ({
        templateId: output.templateId,
        output: cipher.open(output.outputSealed),
        ...(output.notices?.length ? { notices: output.notices } : {}),
        ...(output.evidenceSealed
          ? { evidence: openEvidence(output.evidenceSealed, (text) => cipher.open(text)) }
          : {}),
        ...(output.safetySealed
          ? { safety: safetyFindingsSchema.parse(JSON.parse(cipher.open(output.safetySealed))) }
          : {}),
      })),
    transcription: generation.transcriptSealed ? cipher.open(generation.transcriptSealed) : null,
    ...confidenceOf(openWordConfidences(generation.confidenceSealed, cipher)),
    error: generation.error,
  };
}

export async function requireOwnedGeneration(deps: GenerationDeps, userId: string, id: number) {
  const generation = await findGeneration(deps.db, id);
  if (!generation || generation.userId !== userId) throw new GenerationNotFoundError();
  return generation;
}

/** The clinician's Retry after a failure: failed parts run again; nothing is counted twice. */
export async function retryGeneration(
  deps: GenerationDeps,
  userId: string,
  id: number,
): Promise<Generation> {
  const generation = await requireOwnedGeneration(deps, userId, id);
  if (generation.status !== 'failed') return generationView(deps, generation);
  if (generation.kind === 'notes' && !generation.transcriptSealed) {
    const requeued = await requeueFailedSegments(deps.db, generation.sessionId);
    for (const segment of requeued) {
      // The clinician is waiting for these: the stopped session's priority (issue 25).
      await deps.jobs.send(
        transcribeSegmentJob,
        { segmentId: segment.id },
        { priority: STOPPED_SESSION_PRIORITY },
      );
    }
  }
  const next = generation.transcriptSealed ? 'writing' : 'transcribing';
  await transitionGeneration(deps.db, id, ['failed'], { status: next, error: null });
  await deps.jobs.send(advanceGenerationJob, { generationId: id });
  return generationView(deps, (await findGeneration(deps.db, id))!);
}

/**
 * Waits for a generation to finish, for the endpoints that answer in one request (the seed's
 * upload, more templates, regenerate). It polls the database, so the job may run in any worker.
 */
export async function waitForGeneration(
  deps: GenerationDeps,
  id: number,
  options: { timeoutMs: number; pollMs?: number },
): Promise<GenerationRow> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const generation = (await findGeneration(deps.db, id))!;
    if (generation.status === 'done' || generation.status === 'failed') return generation;
    if (Date.now() > deadline) return generation;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}
