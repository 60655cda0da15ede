import {
  API_PATHS,
  ERROR_CODES,
  apiErrorSchema,
  currentUserSchema,
  passwordResetNoticeSchema,
  registerUserSchema,
  updateProfileSchema,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserById } from './users.repository';
import {
  registerUser,
  sendPasswordResetNotice,
  toCurrentUser,
  updateProfile,
} from './users.service';

const notFound = { error: { code: ERROR_CODES.notFound, message: 'User not found' } };

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // Spec point 7: sent after a reset, without a session (the user is signed out by then).
  app.post(
    API_PATHS.passwordResetNotice,
    {
      schema: {
        tags: ['users'],
        body: passwordResetNoticeSchema,
        response: { 202: z.object({ status: z.literal('accepted') }) },
      },
    },
    async (request, reply) => {
      await sendPasswordResetNotice(db, app.mailer, request.body.userEmail);
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  await app.register(async (scope) => {
    const protectedRoutes = scope.withTypeProvider<ZodTypeProvider>();
    protectedRoutes.addHook('onRequest', app.requireUser);

    // The current user's data; also the web app's authentication check.
    protectedRoutes.get(
      API_PATHS.users,
      { schema: { tags: ['users'], response: { 200: currentUserSchema, 404: apiErrorSchema } } },
      async (request, reply) => {
        const user = await findUserById(db, request.user!.id);
        return user ? toCurrentUser(user) : reply.code(404).send(notFound);
      },
    );

    protectedRoutes.post(
      API_PATHS.registerUser,
      {
        schema: {
          tags: ['users'],
          body: registerUserSchema,
          response: { 200: currentUserSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const caller = request.user!;
        if (
          request.body.cognitoId !== caller.id ||
          request.body.email.toLowerCase() !== caller.email.toLowerCase()
        ) {
          return reply.code(403).send({
            error: { code: ERROR_CODES.forbidden, message: 'You can only register yourself' },
          });
        }
        const user = await registerUser(db, caller.id, request.body);
        return user ?? reply.code(404).send(notFound);
      },
    );

    protectedRoutes.put(
      API_PATHS.updateProfile,
      {
        schema: {
          tags: ['users'],
          body: updateProfileSchema,
          response: { 200: currentUserSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const user = await updateProfile(db, request.user!.id, request.body);
        return user ?? reply.code(404).send(notFound);
      },
    );
  });
};

export default usersRoutes;
