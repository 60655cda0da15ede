import type { FastifyBaseLogger } from 'fastify';
import { AudioError } from '../../engines/audio/decode-audio';
import { sealEvidence } from '../../engines/notes/evidence';
import { NoteEngineError, type NoteEngine } from '../../engines/notes/note-engine';
import {
  SpeechToTextError,
  transcriptText,
  type SpeechToText,
} from '../../engines/stt/speech-to-text';
import type { JobContext, JobQueue } from '../../jobs/job-queue';
import { findOwnedSession, replaceTranscript, upsertNote } from '../sessions/sessions.repository';
import { findUserById } from '../users/users.repository';
import { loadNoteTemplates } from './generation.repository';
import {
  completeSegment,
  failSegment,
  findGeneration,
  findSegmentById,
  insertOutput,
  listOutputs,
  listSegments,
  segmentStillQueued,
  staleGenerations,
  transitionGeneration,
  waitingGenerationsOf,
} from './pipeline.repository';
import { QUEUES } from './pipeline.queues';
import { joinSegmentTexts, type PipelineDeps } from './pipeline.service';

export interface WorkerDeps extends PipelineDeps {
  stt: SpeechToText;
  notes: NoteEngine;
  keepAudio: boolean;
  log: FastifyBaseLogger;
}

type SegmentJob = { segmentId: number };
type GenerationJob = { generationId: number };
type NoteJob = { generationId: number; templateId: number };

/** Messages the clinician sees on a failed generation (never an engine's internals). */
export const FAILURE = {
  transcription:
    'Part of the recording could not be transcribed. Your recording is kept on the server: try again.',
  noSpeech: 'No speech was heard in the recording.',
  note: 'A note could not be written. Try again.',
};

/** Input no retry will fix: fail now with the engine's own (safe) message. */
const isPermanent = (error: unknown): error is Error =>
  (error instanceof SpeechToTextError && error.kind === 'bad-audio') ||
  (error instanceof AudioError && error.kind === 'bad-audio') ||
  (error instanceof NoteEngineError && error.kind === 'bad-input');

async function advanceWaitingGenerations(deps: WorkerDeps, sessionId: number) {
  for (const generation of await waitingGenerationsOf(deps.db, sessionId)) {
    await deps.jobs.send(
      QUEUES.advance,
      { generationId: generation.id },
      `advance:${generation.id}`,
    );
  }
}

/**
 * Issue 15: the words this clinician's consultations are likely to hold, for the recogniser's
 * bias: the profile's common conditions and the topics of their usual templates.
 */
export async function clinicianVocabulary(deps: WorkerDeps, userId: string): Promise<string[]> {
  const user = await findUserById(deps.db, userId);
  if (!user) return [];
  const templateIds = user.commonTemplate
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const templates = await loadNoteTemplates(deps.db, templateIds);
  const topics = [...templates.values()].flatMap((template) => template.topics.map((t) => t.name));
  return [user.commonConditions, ...topics].filter((text) => text.trim() !== '');
}

/** How often a running transcription checks that its segment is still wanted. */
export const SEGMENT_WATCH_MS = 500;

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
export async function transcribeSegment(deps: WorkerDeps, job: SegmentJob, context: JobContext) {
  const segment = await findSegmentById(deps.db, job.segmentId);
  if (!segment || segment.status !== 'queued' || !segment.audioSealed) return;
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
      },
    );
    await completeSegment(deps.db, segment.id, {
      textSealed: deps.cipher.seal(transcriptText(transcript).trim()),
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
export async function transcribeSegmentDead(deps: WorkerDeps, job: SegmentJob) {
  const segment = await findSegmentById(deps.db, job.segmentId);
  if (!segment) return;
  await failSegment(deps.db, segment.id, FAILURE.transcription);
  await advanceWaitingGenerations(deps, segment.sessionId);
}

/**
 * Moves a generation on. Waiting for transcription: when every segment is in, assemble the
 * transcript and start writing. Writing: queue a note job for every template without a note
 * (again, if this runs twice: the note jobs are idempotent).
 */
export async function advanceGeneration(deps: WorkerDeps, job: GenerationJob) {
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
    });
    if (!moved) return;
  } else if (generation.status !== 'writing') {
    return;
  }
  const written = new Set((await listOutputs(deps.db, generation.id)).map((o) => o.templateId));
  for (const templateId of generation.templateIds.filter((id) => !written.has(id))) {
    await deps.jobs.send(
      QUEUES.writeNote,
      { generationId: generation.id, templateId },
      `note:${generation.id}:${templateId}`,
    );
  }
  await finishIfComplete(deps, generation.id);
}

async function finishIfComplete(deps: WorkerDeps, generationId: number) {
  const generation = await findGeneration(deps.db, generationId);
  if (!generation || generation.status !== 'writing') return;
  const outputs = await listOutputs(deps.db, generationId);
  if (outputs.length < generation.templateIds.length) return;
  const finished = await transitionGeneration(deps.db, generationId, ['writing'], {
    status: 'done',
  });
  // A recording's transcript becomes the session's transcript, as the upload did; the one it
  // replaces is kept in the session's transcript history (issue 11).
  if (finished && generation.kind !== 'regenerate' && generation.transcriptSealed) {
    const session = await findOwnedSession(deps.db, generation.userId, generation.sessionId);
    if (session) {
      const { cipher } = deps;
      await replaceTranscript(
        deps.db,
        generation.sessionId,
        {
          sealed: session.transcriptSealed,
          plain: session.transcriptSealed ? cipher.open(session.transcriptSealed) : '',
        },
        { sealed: generation.transcriptSealed, plain: cipher.open(generation.transcriptSealed) },
      );
    }
  }
}

/** One template's note. A second run finds the note written and only checks completion. */
export async function writeNote(deps: WorkerDeps, job: NoteJob, context: JobContext) {
  const generation = await findGeneration(deps.db, job.generationId);
  if (!generation || generation.status !== 'writing' || !generation.transcriptSealed) return;
  const written = await listOutputs(deps.db, generation.id);
  if (!written.some((output) => output.templateId === job.templateId)) {
    const { cipher } = deps;
    const [template, session, user] = await Promise.all([
      loadNoteTemplates(deps.db, [job.templateId]).then((map) => map.get(job.templateId)),
      findOwnedSession(deps.db, generation.userId, generation.sessionId),
      findUserById(deps.db, generation.userId),
    ]);
    if (!template || !session) return;
    try {
      const note = await deps.notes.generate(
        {
          transcript: cipher.open(generation.transcriptSealed),
          template,
          ...(generation.previousNoteSealed
            ? { previousNote: cipher.open(generation.previousNoteSealed) }
            : {}),
          ...(generation.instructionSealed
            ? { instruction: cipher.open(generation.instructionSealed) }
            : {}),
          context: {
            consultationDate: session.createdAt,
            clinicianName: user ? `${user.firstName} ${user.lastName}`.trim() : undefined,
            patientName: cipher.open(session.firstNameSealed),
          },
        },
        { signal: context.signal },
      );
      const outputSealed = cipher.seal(note.html);
      const evidenceSealed = sealEvidence(note.evidence ?? [], (text) => cipher.seal(text));
      const inserted = await insertOutput(deps.db, {
        generationId: generation.id,
        templateId: job.templateId,
        outputSealed,
        notices: note.notices?.length ? note.notices : null,
        evidenceSealed,
        safetySealed: note.safety ? cipher.seal(JSON.stringify(note.safety)) : null,
      });
      // The draft is what a crashed tab gets back; written once per generation and template.
      if (inserted) {
        await upsertNote(deps.db, {
          sessionId: generation.sessionId,
          userId: generation.userId,
          templateId: job.templateId,
          draftSealed: outputSealed,
          draftEvidenceSealed: evidenceSealed,
        });
      }
    } catch (error) {
      if (!isPermanent(error)) throw error;
      await transitionGeneration(deps.db, generation.id, ['writing'], {
        status: 'failed',
        error: error.message,
      });
      return;
    }
  }
  await finishIfComplete(deps, generation.id);
}

export async function writeNoteDead(deps: WorkerDeps, job: NoteJob) {
  await transitionGeneration(deps.db, job.generationId, ['writing'], {
    status: 'failed',
    error: FAILURE.note,
  });
}

export async function advanceGenerationDead(deps: WorkerDeps, job: GenerationJob) {
  await transitionGeneration(deps.db, job.generationId, ['transcribing', 'writing'], {
    status: 'failed',
    error: FAILURE.note,
  });
}

/**
 * Registers the pipeline's handlers on this process's job queue. Transcription and note writing
 * run at most `concurrency` at a time each; the rest wait in the queue.
 */
export async function startPipelineWorkers(
  queue: JobQueue,
  deps: WorkerDeps,
  concurrency: { transcribe: number; notes: number },
): Promise<() => void> {
  await queue.work<SegmentJob>(QUEUES.transcribe, concurrency.transcribe, (data, context) =>
    transcribeSegment(deps, data, context),
  );
  await queue.work<SegmentJob>(QUEUES.transcribeFailed, 1, (data) =>
    transcribeSegmentDead(deps, data),
  );
  await queue.work<GenerationJob>(QUEUES.advance, 2, (data) => advanceGeneration(deps, data));
  await queue.work<GenerationJob>(QUEUES.advanceFailed, 1, (data) =>
    advanceGenerationDead(deps, data),
  );
  await queue.work<NoteJob>(QUEUES.writeNote, concurrency.notes, (data, context) =>
    writeNote(deps, data, context),
  );
  await queue.work<NoteJob>(QUEUES.writeNoteFailed, 1, (data) => writeNoteDead(deps, data));

  // A generation that has not moved for a while gets its next step re-sent: covers a process
  // that stored a request and died before it queued the job.
  const timer = setInterval(() => {
    staleGenerations(deps.db, 20)
      .then(async (stale) => {
        for (const generation of stale) {
          await deps.jobs.send(
            QUEUES.advance,
            { generationId: generation.id },
            `advance:${generation.id}`,
          );
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
