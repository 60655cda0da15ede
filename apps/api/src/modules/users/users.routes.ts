import { API_PATHS, ERROR_CODES, apiErrorSchema, currentUserSchema } from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserById } from './users.repository';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  // Spec point 7: the current user's data; it is also the web app's authentication check.
  app.get(
    API_PATHS.users,
    {
      schema: {
        tags: ['users'],
        response: { 200: currentUserSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.database.db, request.user!.id);
      if (!user) {
        return reply
          .code(404)
          .send({ error: { code: ERROR_CODES.notFound, message: 'User not found' } });
      }
      return {
        cognitoId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        profession: user.profession,
        commonTemplate: user.commonTemplate,
        commonConditions: user.commonConditions,
        role: 'USER' as const,
        isTrial: user.isTrial,
        isDeleted: user.isDeleted,
      };
    },
  );
};

export default usersRoutes;
