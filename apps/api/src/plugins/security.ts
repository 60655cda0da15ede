import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers. The content security policy allows what the SPA needs and no more:
 * Mantine sets inline styles, recordings play from blob: URLs.
 *
 * helmet's middleware is built once here: @fastify/helmet built it again on every request,
 * re-parsing the CSP each time (issue 13: a tenth of `GET /healthz`'s CPU).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Cross-origin isolation would break the tutorial videos' range requests in some browsers.
  crossOriginEmbedderPolicy: false,
});

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error as Error | undefined),
      );
    });
  },
  { name: 'security' },
);
