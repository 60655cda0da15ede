import {
  API_PATHS,
  ERROR_CODES,
  apiErrorSchema,
  createPatientSessionSchema,
  patientSessionDetailSchema,
  patientSessionSchema,
  restoreSessionVersionSchema,
  saveSessionResponseSchema,
  savedNoteSchema,
  savedNotesQuerySchema,
  savedSessionsPageQuerySchema,
  savedSessionsPageSchema,
  sessionIdParamsSchema,
  sessionVersionParamsSchema,
  sessionVersionSchema,
  sessionVersionsSchema,
  updatePatientSessionSchema,
  userIdParamsSchema,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dropSessionAudio } from '../generation/generation.repository';
import { createSavedEvidenceAligner } from './saved-evidence';
import {
  createSession,
  restoreSessionVersion,
  saveSession,
  savedNotesOf,
  savedSessionsPage,
  sessionDetail,
  sessionVersionDetail,
  sessionVersionList,
} from './sessions.service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const saveErrors = { ...errors, 409: apiErrorSchema };

/** Patient sessions and saved notes (spec point 7). Every record is its owner's only. */
const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const savedEvidence = createSavedEvidenceAligner({ log: app.log });
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
      const session = await createSession(
        db,
        app.cipher,
        app.entitlements,
        request.user!.id,
        request.body,
      );
      return reply.code(201).send(session);
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
    async (request) => {
      const saved = await saveSession(
        db,
        app.cipher,
        request.user!.id,
        request.params.id,
        request.body,
        savedEvidence,
      );
      // A saved session's recording is no longer needed (issue 9), unless retention is on.
      if (app.config.audioRetention !== 'keep') await dropSessionAudio(db, request.params.id);
      return saved;
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
    async (request) => {
      return await sessionDetail(db, app.cipher, request.user!.id, request.params.id);
    },
  );

  // Issue 23 (finding 6): the note history. Every save is a version; earlier ones can be read
  // and restored as a new version.
  app.get(
    '/api/patient-sessions/:id/versions',
    {
      schema: {
        tags: ['sessions'],
        params: sessionIdParamsSchema,
        response: { 200: sessionVersionsSchema, ...errors },
      },
    },
    async (request) => sessionVersionList(db, request.user!.id, request.params.id),
  );

  app.get(
    '/api/patient-sessions/:id/versions/:version',
    {
      schema: {
        tags: ['sessions'],
        params: sessionVersionParamsSchema,
        response: { 200: sessionVersionSchema, ...errors },
      },
    },
    async (request) =>
      sessionVersionDetail(
        db,
        app.cipher,
        request.user!.id,
        request.params.id,
        request.params.version,
      ),
  );

  app.post(
    '/api/patient-sessions/:id/versions/:version/restore',
    {
      schema: {
        tags: ['sessions'],
        params: sessionVersionParamsSchema,
        body: restoreSessionVersionSchema,
        response: { 200: saveSessionResponseSchema, ...saveErrors },
      },
    },
    async (request) =>
      restoreSessionVersion(
        db,
        app.cipher,
        request.user!.id,
        request.params.id,
        request.params.version,
        request.body,
        savedEvidence,
      ),
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
