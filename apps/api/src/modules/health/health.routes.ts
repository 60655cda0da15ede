import { API_PATHS, ERROR_CODES, apiErrorSchema } from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'Readiness check failed');
        return reply.code(503).send({
          error: { code: ERROR_CODES.unavailable, message: 'Database unreachable' },
        });
      }
    },
  );
};

export default healthRoutes;
