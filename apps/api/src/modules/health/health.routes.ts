import { API_PATHS, ERROR_CODES, apiErrorSchema } from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';

const statusSchema = z.object({ status: z.literal('ok') });

/** Liveness (process up) and readiness (database reachable) for load balancers and probes. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.health,
    { schema: { tags: ['health'], response: { 200: statusSchema } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    API_PATHS.ready,
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: apiErrorSchema } } },
    async (request) => {
      await app.database.ping().catch((err: unknown) => {
        request.log.error({ err }, 'Readiness check failed');
        throw new HttpError(503, ERROR_CODES.unavailable, 'Database unreachable');
      });
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
