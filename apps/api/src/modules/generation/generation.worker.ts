import type { FastifyBaseLogger } from 'fastify';
import type { NoteEngine } from '../../engines/notes/note-engine';
import type { SpeechToText } from '../../engines/stt/speech-to-text';
import { findOwnedSession, replaceTranscript } from '../sessions/sessions.repository';
import { findGeneration, listOutputs, transitionGeneration } from './generation.repository';
import type { GenerationDeps } from './generation.service';

/** What the generation's jobs (`*.job.ts`) run with. */
export interface WorkerDeps extends GenerationDeps {
  stt: SpeechToText;
  notes: NoteEngine;
  keepAudio: boolean;
  log: FastifyBaseLogger;
}

/** Marks a writing generation done once every template has its note. */
export async function finishIfComplete(deps: WorkerDeps, generationId: number) {
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
