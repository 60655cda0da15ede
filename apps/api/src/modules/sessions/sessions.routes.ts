import {
  API_PATHS,
  ERROR_CODES,
  apiErrorSchema,
  SAVE_CONFLICT,
  createPatientSessionSchema,
  patientSessionDetailSchema,
  patientSessionSchema,
  saveSessionResponseSchema,
  savedNoteSchema,
  savedNotesQuerySchema,
  savedSessionsPageQuerySchema,
  savedSessionsPageSchema,
  sessionIdParamsSchema,
  updatePatientSessionSchema,
  userIdParamsSchema,
} from '@clerkly/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dropSessionAudio } from '../generation/pipeline.repository';
import { EntitlementError } from '../usage/entitlements.service';
import { createSavedEvidenceAligner } from './saved-evidence';
import {
  SaveConflictError,
  SessionInputError,
  SessionNotFoundError,
  createSession,
  saveSession,
  savedNotesOf,
  savedSessionsPage,
  sessionDetail,
} from './sessions.service';

/** Domain errors → the API's one error shape. Anything else is unexpected (500). */
export function sendDomainError(reply: FastifyReply, error: unknown) {
  if (error instanceof EntitlementError) {
    return reply.code(403).send({ error: { code: error.code, message: error.message } });
  }
  if (error instanceof SessionNotFoundError) {
    return reply.code(404).send({ error: { code: ERROR_CODES.notFound, message: error.message } });
  }
  if (error instanceof SaveConflictError) {
    return reply
      .code(409)
      .send({ error: { code: SAVE_CONFLICT.code, message: SAVE_CONFLICT.message } });
  }
  if (error instanceof SessionInputError) {
    return reply.code(400).send({
      error: {
        code: ERROR_CODES.validation,
        message: error.message,
        fields: { [error.field]: error.message },
      },
    });
  }
  throw error;
}

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const saveErrors = { ...errors, 409: apiErrorSchema };

/** Patient sessions and saved notes (spec point 7). Every record is its owner's only. */
const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const savedEvidence = createSavedEvidenceAligner();
  app.addHook('onClose', () => savedEvidence.close());

  app.post(
    API_PATHS.patientSessions,
    {
      schema: {
        tags: ['sessions'],
        body: createPatientSessionSchema,
        response: { 201: patientSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const session = await createSession(
          db,
          app.cipher,
          app.entitlements,
          request.user!.id,
          request.body,
        );
        return reply.code(201).send(session);
      } catch (error) {
        return sendDomainError(reply, error);
      }
    },
  );

  app.patch(
    '/api/patient-sessions/:id',
    {
      schema: {
        tags: ['sessions'],
        params: sessionIdParamsSchema,
        body: updatePatientSessionSchema,
        response: { 200: saveSessionResponseSchema, ...saveErrors },
      },
    },
    async (request, reply) => {
      try {
        const saved = await saveSession(
          db,
          app.cipher,
          request.user!.id,
          request.params.id,
          request.body,
          savedEvidence.align,
        );
        // A saved session's recording is no longer needed (issue 9), unless retention is on.
        if (app.config.audioRetention !== 'keep') await dropSessionAudio(db, request.params.id);
        return saved;
      } catch (error) {
        return sendDomainError(reply, error);
      }
    },
  );

  // Issue 11: what the server holds for a session (drafts, saved notes, transcript), so a crashed
  // tab can be restored.
  app.get(
    '/api/patient-sessions/:id',
    {
      schema: {
        tags: ['sessions'],
        params: sessionIdParamsSchema,
        response: { 200: patientSessionDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await sessionDetail(db, app.cipher, request.user!.id, request.params.id);
      } catch (error) {
        return sendDomainError(reply, error);
      }
    },
  );

  app.get(
    '/api/notes/user/:id',
    {
      schema: {
        tags: ['sessions'],
        params: userIdParamsSchema,
        querystring: savedNotesQuerySchema,
        response: { 200: savedNoteSchema.array(), ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.id !== request.user!.id) {
        return reply.code(403).send({
          error: { code: ERROR_CODES.forbidden, message: 'You can only read your own notes' },
        });
      }
      return savedNotesOf(db, app.cipher, request.user!.id, request.query);
    },
  );

  // Issue 13 (docs/decisions/009): My Sessions' list, one page of saved sessions at a time.
  app.get(
    '/api/notes/user/:id/page',
    {
      schema: {
        tags: ['sessions'],
        params: userIdParamsSchema,
        querystring: savedSessionsPageQuerySchema,
        response: { 200: savedSessionsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.id !== request.user!.id) {
        return reply.code(403).send({
          error: { code: ERROR_CODES.forbidden, message: 'You can only read your own notes' },
        });
      }
      return savedSessionsPage(db, app.cipher, request.user!.id, request.query);
    },
  );
};

export default sessionsRoutes;
