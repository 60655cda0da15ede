import { API_PATHS, usageSchema } from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  // Spec point 7: what the Usage cards show.
  app.get(
    API_PATHS.usage,
    { schema: { tags: ['usage'], response: { 200: usageSchema } } },
    async (request) => {
      return app.entitlements.usageOf(app.database.db, request.user!.id);
    },
  );
};

export default usageRoutes;
