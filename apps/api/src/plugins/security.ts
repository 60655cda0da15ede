import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The content security policy allows what the SPA needs and no more:
 * Mantine sets inline styles, recordings play from blob: URLs.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
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
  },
  { name: 'security' },
);
