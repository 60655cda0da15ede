import {
  ERROR_CODES,
  SEGMENT_RULES,
  apiErrorSchema,
  generationParamsSchema,
  generationSchema,
  segmentAckSchema,
  segmentParamsSchema,
  sessionIdParamsSchema,
  sessionTranscriptSchema,
  startGenerationSchema,
} from '@clerkly/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generationView,
  requireOwnedGeneration,
  retryGeneration,
  sessionTranscript,
  startGeneration,
  storeSegment,
  type GenerationDeps,
} from './generation.service';

/** The generation's dependencies, from the app's decorations. */
export const generationDeps = (app: FastifyInstance): GenerationDeps => ({
  db: app.database.db,
  cipher: app.cipher,
  jobs: app.jobs,
  entitlements: app.entitlements,
});

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * The segment pipeline (issue 9): segments uploaded while recording, the live transcript, and
 * generations that write notes in background jobs while the browser polls their status.
 */
const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const deps = () => generationDeps(app);

  // A segment is a small WAV sent as the request body; anything bigger is refused unread.
  app.addContentTypeParser(
    [SEGMENT_RULES.mimeType, 'audio/x-wav', 'audio/wave', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: SEGMENT_RULES.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/api/patient-sessions/:id/segments/:seq',
    {
      schema: {
        tags: ['pipeline'],
        consumes: [SEGMENT_RULES.mimeType],
        params: segmentParamsSchema,
        response: { 200: segmentAckSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        return reply.code(415).send({
          error: {
            code: ERROR_CODES.unsupportedMediaType,
            message: `Send the segment as ${SEGMENT_RULES.mimeType}`,
          },
        });
      }
      return await storeSegment(
        deps(),
        request.user!.id,
        request.params.id,
        request.params.seq,
        request.body,
      );
    },
  );

  app.get(
    '/api/patient-sessions/:id/transcript',
    {
      schema: {
        tags: ['pipeline'],
        params: sessionIdParamsSchema,
        response: { 200: sessionTranscriptSchema, ...errors },
      },
    },
    async (request) => {
      return await sessionTranscript(deps(), request.user!.id, request.params.id);
    },
  );

  app.post(
    '/api/patient-sessions/:id/generations',
    {
      schema: {
        tags: ['pipeline'],
        params: sessionIdParamsSchema,
        body: startGenerationSchema,
        response: { 202: generationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const generation = await startGeneration(
        deps(),
        request.user!.id,
        request.params.id,
        request.body,
      );
      return reply.code(202).send(generation);
    },
  );

  app.get(
    '/api/generations/:id',
    {
      schema: {
        tags: ['pipeline'],
        params: generationParamsSchema,
        response: { 200: generationSchema, ...errors },
      },
    },
    async (request) => {
      const generation = await requireOwnedGeneration(deps(), request.user!.id, request.params.id);
      return await generationView(deps(), generation);
    },
  );

  app.post(
    '/api/generations/:id/retry',
    {
      schema: {
        tags: ['pipeline'],
        params: generationParamsSchema,
        response: { 202: generationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const generation = await retryGeneration(deps(), request.user!.id, request.params.id);
      return reply.code(202).send(generation);
    },
  );
};

export default generationRoutes;
