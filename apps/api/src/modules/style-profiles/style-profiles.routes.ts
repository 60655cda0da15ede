import { apiErrorSchema, numericIdParamsSchema, styleProfileSchema } from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStyleProfile, resetStyleProfile } from './style-profiles.service';

/** The clinician's learned style for one template (issue 27, item 3): read it, reset it. */
const styleProfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const tags = ['templates'];
  // API_PATHS.templateStyle(id)
  const path = '/api/templates/:id/style';
  const schema = {
    tags,
    params: numericIdParamsSchema,
    response: { 200: styleProfileSchema, 404: apiErrorSchema },
  };

  app.get(path, { schema }, (request) =>
    getStyleProfile(db, app.cipher, request.user!.id, request.params.id),
  );

  app.delete(path, { schema }, (request) =>
    resetStyleProfile(db, request.user!.id, request.params.id),
  );
};

export default styleProfilesRoutes;
