import rateLimit from '@fastify/rate-limit';
import {
  CLIENT_AUDIT_EVENTS_PER_MINUTE,
  ERROR_CODES,
  apiErrorSchema,
  clientAuditEventSchema,
  sessionActivitySchema,
  sessionIdParamsSchema,
} from '@clerkly/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOwnedSession, listNotesOfSession } from '../sessions/sessions.repository';
import { recordAuditEvent, sessionActivity } from './audit.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ error: { code: ERROR_CODES.notFound, message: 'Session not found' } });

/**
 * A session's audit trail for its owner (issue 23, finding 4), and the events only the browser
 * can see (a note copied to the clipboard, or exported). Nothing here changes or deletes an event.
 */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  // Bounded per clinician (after requireUser, so the key is the account, not the address).
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  app.get(
    '/api/patient-sessions/:id/activity',
    {
      schema: {
        tags: ['audit'],
        params: sessionIdParamsSchema,
        response: { 200: sessionActivitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const activity = await sessionActivity(db, request.user!.id, request.params.id);
      return activity ?? notFound(reply);
    },
  );

  app.post(
    '/api/patient-sessions/:id/activity',
    {
      schema: {
        tags: ['audit'],
        params: sessionIdParamsSchema,
        body: clientAuditEventSchema,
        response: { 204: z.null(), ...errors },
      },
      config: {
        rateLimit: {
          max: app.config.rateLimit ? CLIENT_AUDIT_EVENTS_PER_MINUTE : Number.MAX_SAFE_INTEGER,
          timeWindow: 60_000,
          keyGenerator: (request) => `audit:${request.user?.id ?? request.ip}`,
          errorResponseBuilder: () =>
            Object.assign(new Error('Too many activity reports. Please try again later.'), {
              statusCode: 429,
            }),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const sessionId = request.params.id;
      if (!(await findOwnedSession(db, userId, sessionId))) return notFound(reply);
      const notes = await listNotesOfSession(db, sessionId);
      if (!notes.some((note) => note.templateId === request.body.templateId)) {
        const message = 'This session has no note of that template';
        return reply.code(400).send({
          error: { code: ERROR_CODES.validation, message, fields: { templateId: message } },
        });
      }
      await recordAuditEvent(db, {
        kind: request.body.kind,
        sessionId,
        templateIds: [request.body.templateId],
      });
      return reply.code(204).send(null);
    },
  );
};

export default auditRoutes;
