import {
  API_PATHS,
  apiErrorSchema,
  numericIdParamsSchema,
  ownTemplateDeletedSchema,
  ownTemplateInputSchema,
  ownTemplateSchema,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOwnTemplate,
  deleteOwnTemplate,
  getOwnTemplate,
  listOwnTemplates,
  updateOwnTemplate,
} from './own-templates.service';

/** A clinician's own templates (issue 27): list, read, create, change, delete. */
const ownTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const tags = ['templates'];
  const one = `${API_PATHS.ownTemplates}/:id`;
  /** The options of a route on one template (`one`): the tags and `:id` params with its schema. */
  const onOne = <Schema extends object>(schema: Schema) => ({
    schema: { tags, params: numericIdParamsSchema, ...schema },
  });

  app.get(
    API_PATHS.ownTemplates,
    { schema: { tags, response: { 200: ownTemplateSchema.array() } } },
    (request) => listOwnTemplates(db, request.user!.id),
  );

  app.post(
    API_PATHS.ownTemplates,
    {
      schema: {
        tags,
        body: ownTemplateInputSchema,
        response: { 201: ownTemplateSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOwnTemplate(db, request.user!.id, request.body)),
  );

  app.get(one, onOne({ response: { 200: ownTemplateSchema, 404: apiErrorSchema } }), (request) =>
    getOwnTemplate(db, request.user!.id, request.params.id),
  );

  app.put(
    one,
    onOne({
      body: ownTemplateInputSchema,
      response: { 200: ownTemplateSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    (request) => updateOwnTemplate(db, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    one,
    onOne({ response: { 200: ownTemplateDeletedSchema, 404: apiErrorSchema } }),
    (request) => deleteOwnTemplate(db, request.user!.id, request.params.id),
  );
};

export default ownTemplatesRoutes;
