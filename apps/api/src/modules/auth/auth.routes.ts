import type { FastifyPluginAsync } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ERROR_CODES, type ApiError } from '@clerkly/contracts';
import { CLIENT_IP_HEADER } from './auth';

/** better-auth answers errors as `{ code, message }`; the API has one shape for all errors. */
function toApiError(status: number, text: string | null): ApiError {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = text ? (JSON.parse(text) as typeof parsed) : {};
  } catch {
    // Not JSON: keep the generic code and message below.
  }
  const fallbackCode = status === 429 ? ERROR_CODES.tooManyRequests : ERROR_CODES.badRequest;
  return {
    error: {
      code: typeof parsed.code === 'string' ? parsed.code : fallbackCode,
      message: typeof parsed.message === 'string' ? parsed.message : 'Request failed',
    },
  };
}

/**
 * Mounts better-auth's own endpoints under `/api/auth/*` by translating the Fastify request into
 * a web Request and the web Response back.
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const headers = fromNodeHeaders(request.headers);
      // Overwritten, never trusted from the client: Fastify's request.ip honours TRUST_PROXY.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.code(response.status);
      for (const [key, value] of response.headers) {
        // The body may be rewritten below, so its length is Fastify's to compute.
        if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : null;
      if (response.status >= 400) return reply.send(toApiError(response.status, text));
      return reply.send(text);
    },
  });
};

export default authRoutes;
