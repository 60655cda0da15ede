import type { GeneratedNoteOutput } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import type { NoteEngine } from '../../engines/notes/note-engine';
import { transcriptText, type SpeechToText } from '../../engines/stt/speech-to-text';
import type { FieldCipher } from '../../lib/field-crypto';
import { requireOwnedSession, SessionInputError } from '../sessions/sessions.service';
import { replaceTranscript, upsertNote } from '../sessions/sessions.repository';
import { assertCanGenerateNotes } from '../usage/entitlements.service';
import { addUsage } from '../usage/usage.repository';
import { findUserById } from '../users/users.repository';
import { loadNoteTemplates } from './generation.repository';

export interface GenerationDeps {
  db: Db;
  cipher: FieldCipher;
  stt: SpeechToText;
  notes: NoteEngine;
}

async function templatesFor(db: Db, templateIds: number[]) {
  const unique = [...new Set(templateIds)];
  const templates = await loadNoteTemplates(db, unique);
  const missing = unique.find((id) => !templates.has(id));
  if (missing !== undefined) {
    throw new SessionInputError(`Unknown template ${missing}`, 'selectedTemplateIds');
  }
  return unique.map((id) => templates.get(id)!);
}

/**
 * One note per template from one transcript, in parallel; each stored as the session's draft so
 * a crashed tab loses nothing, and counted once for the usage limits.
 */
export async function generateNotes(
  deps: GenerationDeps,
  userId: string,
  sessionId: number,
  transcript: string,
  templateIds: number[],
): Promise<GeneratedNoteOutput[]> {
  const { db, cipher } = deps;
  const session = await requireOwnedSession(db, userId, sessionId);
  const templates = await templatesFor(db, templateIds);
  await assertCanGenerateNotes(db, userId, templates.length);
  const user = await findUserById(db, userId);
  const context = {
    consultationDate: session.createdAt,
    clinicianName: user ? `${user.firstName} ${user.lastName}`.trim() : undefined,
    patientName: cipher.open(session.firstNameSealed),
  };
  const notes = await Promise.all(
    templates.map((template) => deps.notes.generate({ transcript, template, context })),
  );
  await db.transaction(async (tx) => {
    for (const [index, note] of notes.entries()) {
      await upsertNote(tx, {
        sessionId,
        userId,
        templateId: templates[index]!.id!,
        draftSealed: cipher.seal(note.html),
      });
    }
    // The transcript it replaces is kept in the history (issue 11).
    await replaceTranscript(
      tx,
      sessionId,
      {
        sealed: session.transcriptSealed,
        plain: session.transcriptSealed ? cipher.open(session.transcriptSealed) : '',
      },
      { sealed: cipher.seal(transcript), plain: transcript },
    );
    await addUsage(tx, userId, { notes: notes.length });
  });
  return notes.map((note, index) => ({
    templateId: templates[index]!.id!,
    output: note.html,
    ...(note.notices?.length ? { notices: note.notices } : {}),
  }));
}

/** Upload: transcribe the consultation, then write the chosen notes. */
export async function transcribeAndGenerate(
  deps: GenerationDeps,
  userId: string,
  input: {
    audio: Uint8Array;
    mimeType?: string;
    filename?: string;
    sessionId: number;
    templateIds: number[];
    prevTranscribedText?: string;
  },
) {
  const { db } = deps;
  await requireOwnedSession(db, userId, input.sessionId);
  // Refuse before the expensive part: a trial user over the limit should not wait for nothing.
  await assertCanGenerateNotes(db, userId, new Set(input.templateIds).size);
  await templatesFor(db, input.templateIds);
  const transcript = await deps.stt.transcribe({
    data: input.audio,
    mimeType: input.mimeType,
    filename: input.filename,
  });
  // The browser re-uploads the whole consultation (earlier audio + the new part), so the new
  // transcript covers everything; the previous one is only a fallback when nothing was heard.
  const transcription =
    transcriptText(transcript).trim() || input.prevTranscribedText?.trim() || '';
  if (!transcription) {
    throw new SessionInputError('No speech was heard in the recording.', 'audio');
  }
  const outputs = await generateNotes(
    deps,
    userId,
    input.sessionId,
    transcription,
    input.templateIds,
  );
  return { outputs, transcription, durationSeconds: transcript.durationSeconds };
}

export async function regenerateNote(
  deps: GenerationDeps,
  userId: string,
  input: {
    templateId: number;
    transcribedText: string;
    userInput: string;
    sessionId: number;
    prevGeneratedNotes: string;
  },
) {
  const { db, cipher } = deps;
  await requireOwnedSession(db, userId, input.sessionId);
  const [template] = await templatesFor(db, [input.templateId]);
  await assertCanGenerateNotes(db, userId, 0);
  const note = await deps.notes.generate({
    transcript: input.transcribedText,
    template: template!,
    previousNote: input.prevGeneratedNotes,
    instruction: input.userInput,
  });
  await upsertNote(db, {
    sessionId: input.sessionId,
    userId,
    templateId: input.templateId,
    draftSealed: cipher.seal(note.html),
  });
  return {
    prevOutput: input.prevGeneratedNotes,
    newOutput: note.html,
    ...(note.notices?.length ? { notices: note.notices } : {}),
  };
}
