import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS, PRODUCT_NAME } from '@clerkly/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the routes' zod schemas, browsable at `/api/docs` outside
 * production.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${PRODUCT_NAME} API`, version: '0.1.0' },
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    // Issue 23, item 9: the browsable documentation is for development; a production server
    // does not map its own API for everyone who asks.
    if (app.config.env !== 'production') {
      await app.register(swaggerUi, { routePrefix: API_PATHS.docs, staticCSP: true });
    }
  },
  { name: 'openapi' },
);
