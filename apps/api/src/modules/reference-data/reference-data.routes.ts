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
  listClinicTemplateNames,
  listClinicTemplates,
  listOwnTemplateNames,
  listOwnTemplates,
  listTemplateNames,
  listTemplates,
  listTopicsOfTemplate,
  templateVisible,
} from './templates.repository';

/**
 * Read endpoints of spec point 7 for templates, topics and appointment types. The catalogue is
 * read once; each clinician's own templates (issue 27) follow it in their lists.
 */
const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const templateNames = readOnce(() => listTemplateNames(db));
  const templateList = readOnce(() => listTemplates(db));
  const appointmentTypeList = readOnce(() => listAppointmentTypes(db));

  app.get(
    '/api/templates/',
    { schema: { tags: ['templates'], response: { 200: templateListItemSchema.array() } } },
    async (request) => [
      ...(await templateNames()),
      ...(await listOwnTemplateNames(db, request.user!.id)),
      ...(await listClinicTemplateNames(db, request.user!.id)),
    ],
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
      const [own, shared] = await Promise.all([
        listOwnTemplates(db, request.user!.id),
        listClinicTemplates(db, request.user!.id),
      ]);
      return [
        ...(await templateList()),
        ...own.map((template) => ({ ...template, own: true })),
        ...shared.map((template) => ({ ...template, clinic: true })),
      ];
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
      // Another clinician's template is as unknown as one that does not exist.
      if (!(await templateVisible(db, templateId, request.user!.id))) {
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
