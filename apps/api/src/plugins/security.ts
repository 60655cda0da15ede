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

/**
 * Browser features the pages may use (issue 23): the microphone for recording, the clipboard for
 * Copy and full screen for the tutorial videos, by this app's own pages only; none of the rest.
 */
const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
].join(', ');

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error as Error | undefined),
      );
    });
  },
  { name: 'security' },
);
