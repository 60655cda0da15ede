import {
  API_PATHS,
  apiErrorSchema,
  clinicAuditPageSchema,
  clinicAuditQuerySchema,
  clinicInvitationAcceptSchema,
  clinicInvitationInputSchema,
  clinicInvitationSchema,
  clinicMemberParamsSchema,
  clinicRetentionInputSchema,
  clinicRetentionSchema,
  clinicRoleInputSchema,
  clinicSchema,
  clinicShareTemplateSchema,
  clinicTemplateRemovedSchema,
  clinicTemplateSchema,
  createClinicSchema,
  myClinicSchema,
  numericIdParamsSchema,
  type Clinic,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicSeatsJob } from '../billing/clinic-seats.job';
import {
  acceptInvitation,
  cancelInvitation,
  changeRole,
  clinicAudit,
  clinicAuditCsv,
  clinicRetention,
  clinicTemplates,
  createClinic,
  inviteMember,
  leaveClinic,
  myClinic,
  openInvitations,
  removeMember,
  setClinicRetention,
  shareTemplate,
  unshareTemplate,
} from './clinics.service';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};

/** Clinics (issue 29): the caller's clinic, its members, invitations, shared templates, audit. */
const clinicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;
  const tags = ['clinics'];

  /**
   * After a join, a removal, a member leaving or a role change (committed): the clinic's paid seats follow its
   * members (issue 29 item 3). With billing off there is no subscription to update. The change
   * is done whatever happens here: a job that could not be queued is logged, not answered as a
   * failure, and the next Stripe event with the old quantity sends it again.
   */
  const seatsChanged = async <C extends Pick<Clinic, 'id'>>(clinic: C): Promise<C> => {
    if (!app.stripe) return clinic;
    await app.jobs.send(clinicSeatsJob, { clinicId: clinic.id }).catch((error: unknown) => {
      app.log.warn(
        { clinicId: clinic.id, error: error instanceof Error ? error.message : 'unknown' },
        'Clinic seats job not queued',
      );
    });
    return clinic;
  };

  app.get(
    API_PATHS.clinic,
    { schema: { tags, response: { 200: myClinicSchema } } },
    async (request) => ({
      clinic: await myClinic(db, request.user!.id),
    }),
  );

  app.post(
    API_PATHS.clinic,
    { schema: { tags, body: createClinicSchema, response: { 201: clinicSchema, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await createClinic(db, request.user!.id, request.body.name)),
  );

  app.get(
    API_PATHS.clinicInvitations,
    { schema: { tags, response: { 200: clinicInvitationSchema.array(), ...errors } } },
    (request) => openInvitations(db, request.user!.id),
  );

  app.post(
    API_PATHS.clinicInvitations,
    {
      schema: {
        tags,
        body: clinicInvitationInputSchema,
        response: { 201: clinicInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await inviteMember(db, app.mailer, app.config.publicUrl, request.user!.id, request.body),
        ),
  );

  app.delete(
    `${API_PATHS.clinicInvitations}/:id`,
    {
      schema: {
        tags,
        params: numericIdParamsSchema,
        response: { 200: clinicInvitationSchema.array(), ...errors },
      },
    },
    (request) => cancelInvitation(db, request.user!.id, request.params.id),
  );

  app.post(
    API_PATHS.clinicLeave,
    { schema: { tags, response: { 200: myClinicSchema, ...errors } } },
    async (request) => {
      const { leftClinicId } = await leaveClinic(db, request.user!.id);
      await seatsChanged({ id: leftClinicId });
      return { clinic: null };
    },
  );

  app.post(
    API_PATHS.clinicInvitationAccept,
    {
      schema: {
        tags,
        body: clinicInvitationAcceptSchema,
        response: { 200: clinicSchema, ...errors },
      },
    },
    async (request) =>
      seatsChanged(await acceptInvitation(db, request.user!.id, request.body.token)),
  );

  app.put(
    '/api/clinic/members/:userId',
    {
      schema: {
        tags,
        params: clinicMemberParamsSchema,
        body: clinicRoleInputSchema,
        response: { 200: clinicSchema, ...errors },
      },
    },
    async (request) =>
      seatsChanged(
        await changeRole(db, request.user!.id, request.params.userId, request.body.role),
      ),
  );

  app.delete(
    '/api/clinic/members/:userId',
    {
      schema: {
        tags,
        params: clinicMemberParamsSchema,
        response: { 200: clinicSchema, ...errors },
      },
    },
    async (request) =>
      seatsChanged(await removeMember(db, request.user!.id, request.params.userId)),
  );

  app.get(
    API_PATHS.clinicTemplates,
    { schema: { tags, response: { 200: clinicTemplateSchema.array(), ...errors } } },
    (request) => clinicTemplates(db, request.user!.id),
  );

  app.post(
    API_PATHS.clinicTemplates,
    {
      schema: {
        tags,
        body: clinicShareTemplateSchema,
        response: { 201: clinicTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await shareTemplate(db, request.user!.id, request.body.templateId)),
  );

  app.delete(
    `${API_PATHS.clinicTemplates}/:id`,
    {
      schema: {
        tags,
        params: numericIdParamsSchema,
        response: { 200: clinicTemplateRemovedSchema, ...errors },
      },
    },
    (request) => unshareTemplate(db, request.user!.id, request.params.id),
  );

  app.get(
    API_PATHS.clinicAudit,
    {
      schema: {
        tags,
        querystring: clinicAuditQuerySchema,
        response: { 200: clinicAuditPageSchema, ...errors },
      },
    },
    (request) => clinicAudit(db, request.user!.id, request.query),
  );

  app.get(
    API_PATHS.clinicAuditCsv,
    {
      schema: {
        tags,
        querystring: clinicAuditQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await clinicAuditCsv(db, request.user!.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clinic-audit.csv"')
        .send(csv);
    },
  );

  app.get(
    API_PATHS.clinicRetention,
    { schema: { tags, response: { 200: clinicRetentionSchema, ...errors } } },
    (request) => clinicRetention(db, request.user!.id),
  );

  app.put(
    API_PATHS.clinicRetention,
    {
      schema: {
        tags,
        body: clinicRetentionInputSchema,
        response: { 200: clinicRetentionSchema, ...errors },
      },
    },
    (request) => setClinicRetention(db, request.user!.id, request.body.retention),
  );
};

export default clinicsRoutes;
