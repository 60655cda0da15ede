import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/config';
import { scratchPath, sweepScratch } from '../../lib/scratch-files';
import { generationDeps } from './generation.routes';
import {
  UploadInProgressError,
  finishInterruptedUploads,
  generateFromText,
  transcribeUpload,
} from './legacy-upload.service';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
  504: apiErrorSchema,
};

/**
 * Transcription and note generation (spec point 7). The paths keep the vendor name of the
 * system the spec describes; the engines behind them are whatever is configured.
 */
const legacyUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimitBytes, files: 1, fields: 10, fieldSize: 2_100_000 },
  });
  app.addHook('onRequest', app.requireUser);
  const deps = () => generationDeps(app);
  // Uploads a killed process was receiving are patient audio: gone before the first request.
  const swept = sweepScratch(app.config.dataDir);
  if (swept > 0) app.log.info({ swept }, 'Removed temporary uploads left by a stopped process');
  // These endpoints answer in one request, so they wait for their jobs; the work itself is
  // durable and its notes are kept as drafts even if the client gives up first.
  const waitMs = app.config.engines.timeoutMs * 3;
  const seat = uploadSeat(app.config);
  app.addHook('onListen', async () => {
    const started = await finishInterruptedUploads(deps(), seat, app.log);
    if (started > 0) app.log.info({ started }, 'Started notes for uploads cut off by a stop');
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
      let audioFile: string | null = null;
      // The upload's identity for a retry (issue 23, finding 10), hashed as it streams.
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const scratch = scratchPath(app.config.dataDir, 'upload');
      try {
        // The recording streams to disk (owner-only, removed below or at the next start after a
        // crash), never whole into memory; the size limit is enforced while it streams.
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === UPLOAD_AUDIO_FIELD && audioFile === null) {
              await pipeline(part.file, hashing, createWriteStream(scratch, { mode: 0o600 }));
              if (part.file.truncated) {
                return await reply.code(413).send({
                  error: {
                    code: ERROR_CODES.payloadTooLarge,
                    message: 'The recording is larger than the upload limit.',
                  },
                });
              }
              audioFile = scratch;
            } else {
              part.file.resume();
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
          return await reply.code(400).send({
            error: {
              code: ERROR_CODES.validation,
              message: Object.values(fieldErrors)[0] ?? 'Invalid upload',
              fields: fieldErrors,
            },
          });
        }
        if (!audioFile) {
          const message = 'Attach the recording as "audio".';
          return await reply.code(400).send({
            error: { code: ERROR_CODES.validation, message, fields: { audio: message } },
          });
        }
        const result = await transcribeUpload(deps(), request.user!.id, {
          file: audioFile,
          contentSha256: hash.digest('hex'),
          sessionId: parsed.data.sessionId,
          templateIds: parsed.data.selectedTemplateIds,
          timeoutMs: app.config.uploadWaitMs,
          seat,
        }).catch((error: unknown) => {
          if (error instanceof UploadInProgressError) {
            void reply.header('retry-after', String(error.retryAfterSeconds));
          }
          throw error;
        });
        return { outputs: result.outputs, transcription: result.transcription };
      } finally {
        await rm(scratch, { force: true });
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
    async (request) => {
      const generation = await generateFromText(deps(), request.user!.id, {
        sessionId: request.body.sessionId,
        kind: 'more',
        transcript: request.body.transcribedText,
        templateIds: request.body.selectedTemplates,
        timeoutMs: waitMs,
      });
      return { outputs: generation.outputs };
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
    async (request) => {
      const generation = await generateFromText(deps(), request.user!.id, {
        sessionId: request.body.sessionId,
        kind: 'regenerate',
        transcript: request.body.transcribedText,
        templateIds: [request.body.templateId],
        instruction: request.body.userInput,
        previousNote: request.body.prevGeneratedNotes,
        timeoutMs: waitMs,
      });
      const [note] = generation.outputs;
      return {
        prevOutput: request.body.prevGeneratedNotes,
        newOutput: note!.output,
        ...(note!.notices?.length ? { notices: note!.notices } : {}),
        ...(note!.evidence ? { evidence: note!.evidence } : {}),
        ...(note!.safety ? { safety: note!.safety } : {}),
      };
    },
  );
};

/**
 * Which process cuts an upload (issue 23, finding 7): the embedded database has one process,
 * whatever its port; on PostgreSQL, a process restarted on the same host and port takes back
 * what its killed predecessor was cutting (holding the port proves that one is gone).
 */
export const uploadSeat = (config: Pick<AppConfig, 'database' | 'port'>): string =>
  config.database.kind === 'pglite' ? 'embedded' : `${hostname()}:${config.port}`;

export default legacyUploadRoutes;
