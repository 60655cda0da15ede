import { z } from 'zod';
import { noteEvidenceSchema } from './notes/evidence';
import { safetyFindingSchema } from './notes/safety-check';
import { generatedNoteSchema } from './generation';
import { TEXT_LIMITS } from './limits';
import { boundedText, dbId } from './text';

/*
 * The seed's one-request endpoints (spec point 7: upload, more templates, regenerate), which
 * answer with the notes in the same request. The generation the app itself uses, in background
 * jobs the browser polls, is in generation.ts.
 */

/** `selectedTemplateIds` arrives in a multipart form as "[1,2]" or "1,2". */
const templateIdList = z.preprocess(
  (value) => {
    if (Array.isArray(value)) return value as unknown[];
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return value;
      }
    }
    return trimmed === '' ? [] : trimmed.split(',');
  },
  z
    .array(dbId('Unknown template'), { error: 'Choose at least one template' })
    .min(1, 'Choose at least one template')
    .max(20, 'Choose at most 20 templates'),
);

/** Spec point 7 `POST /api/deepgram/upload/` (multipart): the form fields beside the audio. */
export const uploadFieldsSchema = z.object({
  selectedTemplateIds: templateIdList,
  sessionId: dbId('Invalid session id'),
  prevTranscribedText: boundedText(TEXT_LIMITS.transcriptChars, 'The transcript').optional(),
});

/** The multipart field carrying the recording; the browser names the file recording.wav. */
export const UPLOAD_AUDIO_FIELD = 'audio';

export const uploadResponseSchema = z.object({
  outputs: z.array(generatedNoteSchema),
  transcription: z.string(),
});

/** A transcript to write notes from: not empty, bounded so engine work stays bounded (issue 11). */
const transcriptText = boundedText(TEXT_LIMITS.transcriptChars, 'The transcript')
  .trim()
  .min(1, 'The transcript is empty');

/** Spec point 7 `POST /api/deepgram/notes-with-more-templates`. */
export const notesWithMoreTemplatesSchema = z.object({
  selectedTemplates: templateIdList,
  transcribedText: transcriptText,
  sessionId: dbId('Invalid session id'),
});

export const moreTemplatesResponseSchema = z.object({ outputs: z.array(generatedNoteSchema) });

/** Spec point 7 `POST /api/deepgram/regenerate-notes`. */
export const regenerateNotesSchema = z.object({
  templateId: dbId('Unknown template'),
  transcribedText: transcriptText,
  userInput: boundedText(TEXT_LIMITS.instructionChars, 'The instruction')
    .trim()
    .min(1, 'Say how the note should change'),
  sessionId: dbId('Invalid session id'),
  prevGeneratedNotes: boundedText(TEXT_LIMITS.noteChars, 'The note'),
});

/** Spec point 3 "Regenerate result". */
export const regenerateResponseSchema = z.object({
  prevOutput: z.string(),
  newOutput: z.string(),
  notices: z.array(z.string()).optional(),
  evidence: noteEvidenceSchema.optional(),
  safety: z.array(safetyFindingSchema).optional(),
});
export type RegenerateResponse = z.infer<typeof regenerateResponseSchema>;

/**
 * The one-request upload's answer while its work goes on (issue 23, finding 10): 503 with
 * Retry-After. The same recording sent again for the same session is recognised by its bytes and
 * answered with the result of the work already started, never done twice.
 */
export const UPLOAD_IN_PROGRESS = {
  code: 'UPLOAD_IN_PROGRESS',
  message:
    'The recording is still being transcribed and its notes written. Send the same upload again ' +
    'in a moment to get them: the work is not done twice.',
  retryAfterSeconds: 5,
} as const;
