import {
  apiErrorSchema,
  recordEndpointSchema,
  recordSendSchema,
  sendToRecordParamsSchema,
  sessionRecordSendsParamsSchema,
  sessionRecordSendsSchema,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queueNoteForRecord, sessionSends } from './record.service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * "Send to record" (issue 28 items 4–5, docs/decisions/022): whether this deployment has a
 * record system, sending a saved note to it (a durable job), and where a session's sends stand.
 */
const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;

  app.get(
    '/api/record-endpoint',
    { schema: { tags: ['record'], response: { 200: recordEndpointSchema } } },
    async () => ({ kind: app.config.record?.kind ?? null }),
  );

  app.post(
    '/api/patient-sessions/:id/notes/:templateId/send-to-record',
    {
      schema: {
        tags: ['record'],
        params: sendToRecordParamsSchema,
        response: { 202: recordSendSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, templateId } = request.params;
      const send = await queueNoteForRecord(
        { db, jobs: app.jobs, record: app.config.record },
        request.user!.id,
        id,
        templateId,
      );
      return reply.code(202).send(send);
    },
  );

  app.get(
    '/api/patient-sessions/:id/record-sends',
    {
      schema: {
        tags: ['record'],
        params: sessionRecordSendsParamsSchema,
        response: { 200: sessionRecordSendsSchema, ...errors },
      },
    },
    async (request) => ({ sends: await sessionSends(db, request.user!.id, request.params.id) }),
  );
};

export default recordRoutes;
