import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { auditContext } from './modules/audit/audit.context';
import auditRoutes from './modules/audit/audit.routes';
import authRoutes from './modules/auth/auth.routes';
import billingJobs from './modules/billing/billing.jobs';
import billingRoutes from './modules/billing/billing.routes';
import clinicsRoutes from './modules/clinics/clinics.routes';
import exportsRoutes from './modules/exports/exports.routes';
import recordJobs from './modules/record/record.jobs';
import clinicJobs from './modules/clinics/clinics.jobs';
import recordRoutes from './modules/record/record.routes';
import healthRoutes from './modules/health/health.routes';
import ownTemplatesRoutes from './modules/own-templates/own-templates.routes';
import styleProfilesRoutes from './modules/style-profiles/style-profiles.routes';
import referenceDataRoutes from './modules/reference-data/reference-data.routes';
import legacyUploadRoutes from './modules/generation/legacy-upload.routes';
import generationJobs from './modules/generation/generation.jobs';
import generationRoutes from './modules/generation/generation.routes';
import sessionsRoutes from './modules/sessions/sessions.routes';
import usageRoutes from './modules/usage/usage.routes';
import usersRoutes from './modules/users/users.routes';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import databasePlugin from './plugins/database';
import enginesPlugin from './plugins/engines';
import entitlementsPlugin from './plugins/entitlements';
import errorHandler, { frameworkErrors } from './plugins/error-handler';
import fieldCrypto from './plugins/field-crypto';
import jobs from './plugins/jobs';
import openapi from './plugins/openapi';
import requestGuards from './plugins/request-guards';
import security from './plugins/security';
import stripe from './plugins/stripe';
import webApp from './plugins/web-app';

const REQUEST_ID = /^[\w-]{1,100}$/;

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Credentials never reach the log; bodies (transcripts, notes) are never logged at all.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty' } }
      : {}),
  };
}

/**
 * Builds the whole application: external plugins, then app plugins, then routes
 * (STYLE "Layout tells the architecture"). `server.ts` only listens.
 */
export async function buildApp(config: AppConfig, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.jsonBodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // A first start on the embedded database creates and migrates it: 10 s or more on a busy
    // machine, over Fastify's default of 10 s per plugin.
    pluginTimeout: 120_000,
    frameworkErrors,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ...options,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // External plugins and infrastructure
  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(security);
  await app.register(requestGuards);
  await app.register(openapi);
  await app.register(databasePlugin);
  await app.register(fieldCrypto);

  // App plugins
  await app.register(enginesPlugin);
  await app.register(entitlementsPlugin);
  await app.register(stripe);
  await app.register(jobs);
  await app.register(generationJobs);
  await app.register(recordJobs);
  await app.register(clinicJobs);
  await app.register(billingJobs);
  await app.register(healthRoutes);
  // A worker process runs jobs and answers health checks, nothing else (issue 9 "Process roles").
  if (config.role === 'worker') return app;
  await app.register(authPlugin);
  await app.register(auditContext);
  await app.register(webApp);

  // Routes
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(referenceDataRoutes);
  await app.register(ownTemplatesRoutes);
  await app.register(styleProfilesRoutes);
  await app.register(sessionsRoutes);
  await app.register(exportsRoutes);
  await app.register(recordRoutes);
  await app.register(usageRoutes);
  await app.register(legacyUploadRoutes);
  await app.register(generationRoutes);
  await app.register(billingRoutes);
  await app.register(auditRoutes);
  await app.register(clinicsRoutes);

  return app;
}
