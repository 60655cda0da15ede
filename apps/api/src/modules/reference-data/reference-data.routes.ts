import {
  ERROR_CODES,
  apiErrorSchema,
  appointmentTypeSchema,
  numericIdParamsSchema,
  templateListItemSchema,
  templateSchema,
  templateTopicSchema,
  userIdParamsSchema,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAppointmentTypes, readOnce } from './reference-data.repository';
import {
  listTemplateNames,
  listTemplates,
  listTopicsOfTemplate,
  templateExists,
} from './templates.repository';

/** Read endpoints of spec point 7 for templates, topics and appointment types. */
const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const templateNames = readOnce(() => listTemplateNames(db));
  const templateList = readOnce(() => listTemplates(db));
  const appointmentTypeList = readOnce(() => listAppointmentTypes(db));

  app.get(
    '/api/templates/',
    { schema: { tags: ['templates'], response: { 200: templateListItemSchema.array() } } },
    templateNames,
  );

  app.get(
    '/api/templates/user/:id',
    {
      schema: {
        tags: ['templates'],
        params: userIdParamsSchema,
        response: { 200: templateSchema.array(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A user reads only their own template list.
      if (request.params.id !== request.user!.id) {
        return reply.code(403).send({
          error: { code: ERROR_CODES.forbidden, message: 'You can only read your own templates' },
        });
      }
      return templateList();
    },
  );

  app.get(
    '/api/topics/templateId/:id',
    {
      schema: {
        tags: ['templates'],
        params: numericIdParamsSchema,
        response: { 200: templateTopicSchema.array(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const templateId = request.params.id;
      if (!(await templateExists(db, templateId))) {
        return reply
          .code(404)
          .send({ error: { code: ERROR_CODES.notFound, message: 'Template not found' } });
      }
      const topics = await listTopicsOfTemplate(db, templateId);
      return topics.map((topic) => ({
        id: topic.id,
        templateId: topic.templateId,
        name: topic.name,
        topicName: topic.name,
        position: topic.position,
        guidance: topic.guidance,
      }));
    },
  );

  app.get(
    '/api/appointment-type/',
    { schema: { tags: ['appointment types'], response: { 200: appointmentTypeSchema.array() } } },
    appointmentTypeList,
  );
};

export default referenceDataRoutes;
