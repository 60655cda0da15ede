import type { WordConfidence } from '@clerkly/contracts';
import { z } from 'zod';
import { sealEvidence } from '../../engines/notes/evidence';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { loadNoteTemplates } from '../reference-data/templates.repository';
import { findOwnedSession, upsertNote } from '../sessions/sessions.repository';
import { styleForDraft } from '../style-profiles/style-profiles.service';
import { findUserById } from '../users/users.repository';
import { FAILURE, isPermanent } from './generation.failures';
import {
  findGeneration,
  insertOutput,
  listOutputs,
  listSegments,
  transitionGeneration,
} from './generation.repository';
import { finishIfComplete, type WorkerDeps } from './generation.worker';
import { joinSealedConfidences, openWordConfidences } from './word-confidences';

const noteJobPayload = z.object({
  generationId: z.number().int().positive(),
  templateId: z.number().int().positive(),
});
type NoteJob = z.infer<typeof noteJobPayload>;

/**
 * The recogniser's word confidences for the generation's transcript (issue 24): its own, or for a
 * transcript given with the request (more templates, regeneration: the session's recorded
 * transcript, perhaps edited) the session's segments' in order; `confidenceTokens` matches them
 * to the words the transcript still has.
 */
async function confidencesFor(
  deps: WorkerDeps,
  generation: { sessionId: number; confidenceSealed: string | null },
): Promise<{ wordConfidences?: WordConfidence[] }> {
  const sealed =
    generation.confidenceSealed ??
    joinSealedConfidences(await listSegments(deps.db, generation.sessionId), deps.cipher);
  const words = openWordConfidences(sealed, deps.cipher);
  return words ? { wordConfidences: words } : {};
}

/** One template's note. A second run finds the note written and only checks completion. */
export async function writeNote(deps: WorkerDeps, job: NoteJob, context: JobContext) {
  const generation = await findGeneration(deps.db, job.generationId);
  if (!generation || generation.status !== 'writing' || !generation.transcriptSealed) return;
  const written = await listOutputs(deps.db, generation.id);
  if (!written.some((output) => output.templateId === job.templateId)) {
    const { cipher } = deps;
    const [template, session, user] = await Promise.all([
      loadNoteTemplates(deps.db, [job.templateId], {
        userId: generation.userId,
        archived: true,
      }).then((map) => map.get(job.templateId)),
      findOwnedSession(deps.db, generation.userId, generation.sessionId),
      findUserById(deps.db, generation.userId),
    ]);
    if (!template || !session) return;
    // Issue 27: the clinician's learned style for this template; the examples (recent saved
    // notes, identifiers removed) only for an engine that reads them.
    const style = await styleForDraft(deps.db, cipher, generation.userId, job.templateId, {
      examples: deps.notes.name !== 'builtin',
    });
    try {
      const note = await deps.notes.generate(
        {
          transcript: cipher.open(generation.transcriptSealed),
          ...(await confidencesFor(deps, generation)),
          template,
          ...(style ? { style } : {}),
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

async function writeNoteDead(deps: WorkerDeps, job: NoteJob) {
  await transitionGeneration(deps.db, job.generationId, ['writing'], {
    status: 'failed',
    error: FAILURE.note,
  });
}

/** One template's note for a generation (issue 9); the generation fails once retries are used up. */
export const writeNoteJob = defineJob({
  name: 'write-note',
  payload: noteJobPayload,
  key: (job) => `note:${job.generationId}:${job.templateId}`,
  retry: { limit: 3, expireInSeconds: 15 * 60 },
  concurrency: (settings) => settings.notesConcurrency,
  handle: writeNote,
  onDead: writeNoteDead,
});
