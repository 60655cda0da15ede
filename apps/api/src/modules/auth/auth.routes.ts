import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, type ApiError } from '@clerkly/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema';
import { AUTH_ENDPOINTS, CLIENT_IP_HEADER, PASSWORDLESS_ENDPOINTS } from './auth';
import { CODE_SENDS_PER_ADDRESS, codeSendsInWindow } from './code-sends.repository';
import { clearFailedLogins, lockedUntil, recordFailedLogin } from './login-failures.repository';

/** Endpoints that e-mail a code: limited per address on top of better-auth's per-IP limits. */
const CODE_SENDING_PATHS = new Set([
  '/api/auth/email-otp/send-verification-otp',
  '/api/auth/email-otp/request-password-reset',
]);
const SIGN_IN_PATH = '/api/auth/sign-in/email';
const PASSWORD_RESET_REQUEST_PATH = '/api/auth/email-otp/request-password-reset';
/**
 * A reset request answers no sooner than this, known address or not: the e-mail sent for a
 * known one would otherwise show in the response time (issue 11).
 */
export const RESET_REQUEST_FLOOR_MS = 400;
const AUTH_PREFIX = '/api/auth';
const RESET_PASSWORD_PATH = '/api/auth/email-otp/reset-password';

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

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 ? email.trim().toLowerCase() : null;
};

/**
 * Mounts better-auth's own endpoints under `/api/auth/*` by translating the Fastify request into
 * a web Request and the web Response back, adding the account-level protections better-auth does
 * not have: a per-address code-sending limit and a temporary lock after many failed sign-ins.
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const tooMany = (message: string): ApiError => ({
    error: { code: ERROR_CODES.tooManyRequests, message },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      const endpoint = path.slice(AUTH_PREFIX.length);
      const exposed =
        AUTH_ENDPOINTS.has(endpoint) ||
        (app.config.passwordlessSignIn && PASSWORDLESS_ENDPOINTS.has(endpoint));
      if (!exposed) {
        return reply.code(404).send({
          error: {
            code: ERROR_CODES.notFound,
            message: `Route ${request.method} ${path} not found`,
          },
        });
      }
      const started = performance.now();
      const email = request.method === 'POST' ? emailOf(request.body) : null;

      if (email && app.config.rateLimit && CODE_SENDING_PATHS.has(path)) {
        if ((await codeSendsInWindow(db, email)) >= CODE_SENDS_PER_ADDRESS.max) {
          return reply
            .code(429)
            .send(tooMany('Too many codes requested for this address. Please try again later.'));
        }
      }
      if (email && path === SIGN_IN_PATH && (await lockedUntil(db, email))) {
        return reply
          .code(429)
          .send(tooMany('Too many failed sign-in attempts. Please try again later.'));
      }

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

      if (email && path === SIGN_IN_PATH) {
        if (response.status === 401) await recordFailedLogin(db, email);
        else if (response.ok) await clearFailedLogins(db, email);
      }
      if (path === PASSWORD_RESET_REQUEST_PATH) {
        await sleep(Math.max(0, RESET_REQUEST_FLOOR_MS - (performance.now() - started)));
      }
      if (email && path === RESET_PASSWORD_PATH && response.ok) {
        await db
          .update(users)
          .set({ passwordResetAt: new Date(), passwordResetNoticeSentAt: null })
          .where(eq(users.email, email));
      }

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
