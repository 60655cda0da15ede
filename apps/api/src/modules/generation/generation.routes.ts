import multipart from '@fastify/multipart';
import {
  API_PATHS,
  ERROR_CODES,
  UPLOAD_AUDIO_FIELD,
  apiErrorSchema,
  moreTemplatesResponseSchema,
  notesWithMoreTemplatesSchema,
  regenerateNotesSchema,
  regenerateResponseSchema,
  uploadFieldsSchema,
  uploadResponseSchema,
} from '@clerkly/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AudioError } from '../../engines/audio/decode-audio';
import { NoteEngineError } from '../../engines/notes/note-engine';
import { SpeechToTextError } from '../../engines/stt/speech-to-text';
import { sendDomainError } from '../sessions/sessions.routes';
import { generateNotes, regenerateNote, transcribeAndGenerate } from './generation.service';

const AUDIO_STATUS: Record<AudioError['kind'], number> = {
  'bad-audio': 400,
  'too-large': 413,
  'decoder-unavailable': 503,
  timeout: 504,
};
const NOTES_STATUS: Record<NoteEngineError['kind'], number> = {
  'bad-input': 400,
  'engine-unavailable': 503,
  'engine-failed': 502,
  timeout: 504,
};

/** Engine failures carry messages safe to show; the status says whose fault it was. */
function sendEngineError(reply: FastifyReply, error: unknown) {
  const status =
    error instanceof SpeechToTextError
      ? error.statusCode
      : error instanceof AudioError
        ? AUDIO_STATUS[error.kind]
        : error instanceof NoteEngineError
          ? NOTES_STATUS[error.kind]
          : null;
  if (status === null) return sendDomainError(reply, error);
  const code = status < 500 ? ERROR_CODES.badRequest : ERROR_CODES.unavailable;
  reply.log.warn({ engineError: (error as Error).name, status }, 'Engine refused or failed');
  return reply.code(status).send({ error: { code, message: (error as Error).message } });
}

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
  504: apiErrorSchema,
};

/**
 * Transcription and note generation (spec point 7). The paths keep the vendor name of the
 * system the spec describes; the engines behind them are whatever is configured.
 */
const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimitBytes, files: 1, fields: 10, fieldSize: 2_100_000 },
  });
  app.addHook('onRequest', app.requireUser);
  const deps = () => ({
    db: app.database.db,
    cipher: app.cipher,
    stt: app.engines.stt,
    notes: app.engines.notes,
    entitlements: app.entitlements,
  });

  app.post(
    API_PATHS.upload,
    {
      schema: {
        tags: ['generation'],
        consumes: ['multipart/form-data'],
        response: { 200: uploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.code(415).send({
          error: {
            code: ERROR_CODES.unsupportedMediaType,
            message: 'Send the recording as multipart/form-data',
          },
        });
      }
      const fields: Record<string, string> = {};
      let audio: { data: Buffer; mimeType: string; filename: string } | null = null;
      // The size limit is enforced while streaming: an oversized upload fails with 413 before
      // it is held in memory.
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === UPLOAD_AUDIO_FIELD) {
            audio = { data, mimeType: part.mimetype, filename: part.filename };
          }
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.') || 'form', issue.message]),
        );
        return reply.code(400).send({
          error: {
            code: ERROR_CODES.validation,
            message: Object.values(fieldErrors)[0] ?? 'Invalid upload',
            fields: fieldErrors,
          },
        });
      }
      if (!audio || audio.data.length === 0) {
        const message = audio ? 'The audio file is empty.' : 'Attach the recording as "audio".';
        return reply.code(400).send({
          error: { code: ERROR_CODES.validation, message, fields: { audio: message } },
        });
      }
      try {
        const result = await transcribeAndGenerate(deps(), request.user!.id, {
          audio: audio.data,
          mimeType: audio.mimeType,
          filename: audio.filename,
          sessionId: parsed.data.sessionId,
          templateIds: parsed.data.selectedTemplateIds,
          prevTranscribedText: parsed.data.prevTranscribedText,
        });
        return { outputs: result.outputs, transcription: result.transcription };
      } catch (error) {
        return sendEngineError(reply, error);
      }
    },
  );

  app.post(
    API_PATHS.notesWithMoreTemplates,
    {
      schema: {
        tags: ['generation'],
        body: notesWithMoreTemplatesSchema,
        response: { 200: moreTemplatesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const outputs = await generateNotes(
          deps(),
          request.user!.id,
          request.body.sessionId,
          request.body.transcribedText,
          request.body.selectedTemplates,
        );
        return { outputs };
      } catch (error) {
        return sendEngineError(reply, error);
      }
    },
  );

  app.post(
    API_PATHS.regenerateNotes,
    {
      schema: {
        tags: ['generation'],
        body: regenerateNotesSchema,
        response: { 200: regenerateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await regenerateNote(deps(), request.user!.id, request.body);
      } catch (error) {
        return sendEngineError(reply, error);
      }
    },
  );
};

export default generationRoutes;
