import fp from 'fastify-plugin';
import { createEntitlements, type Entitlements } from '../modules/usage/entitlements.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Trial limits and paid access: the one place that decides and counts usage. */
    entitlements: Entitlements;
  }
}

export default fp(
  async (app) => {
    app.decorate('entitlements', createEntitlements({ limitsEnabled: app.config.usageLimits }));
    if (!app.config.usageLimits) app.log.info('Usage limits: off (USAGE_LIMITS=off)');
  },
  { name: 'entitlements', dependencies: ['config'] },
);
