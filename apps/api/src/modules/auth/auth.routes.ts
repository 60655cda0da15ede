import { ERROR_CODES, type ApiError } from '@clerkly/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema';
import { needsSignedInUser, recordIdentityEvent } from '../audit/identity-events';
import { AUTH_ENDPOINTS, CLIENT_IP_HEADER, PASSWORDLESS_ENDPOINTS } from './auth';
import { CODE_SENDS_PER_ADDRESS, codeSendsInWindow } from './code-sends.repository';
import { discardCodes } from './code-lifetime';
import {
  claimCodeGuess,
  claimPasswordCheck,
  clearCodeGuesses,
  clearPasswordChecks,
} from './login-throttle.repository';

/**
 * Endpoints that e-mail a code and answer 429 once the address had its codes for the window (on
 * top of better-auth's per-IP limits). Not the reset request: only known addresses get codes, so
 * a 429 there would tell which addresses have accounts (issue 11); over the limit its code is
 * silently not sent (`sendVerificationOTP`).
 */
const CODE_SENDING_PATHS = new Set(['/api/auth/email-otp/send-verification-otp']);
const SIGN_IN_PATH = '/api/auth/sign-in/email';
/**
 * Endpoints that evaluate a password, and whose account it is: throttled per (IP, account).
 * `verify-password` is not exposed (AUTH_ENDPOINTS) but would be throttled the same way.
 */
const PASSWORD_CHECK_PATHS = new Set([
  SIGN_IN_PATH,
  '/api/auth/change-password',
  '/api/auth/verify-password',
]);
/**
 * Endpoints that check an e-mailed code, and the kind of code: at most CODE_GUESSES per account
 * per hour, from all addresses together (issue 23). Claimed for any address, known or not, so
 * the 429 tells nothing about which addresses have accounts.
 */
const CODE_GUESS_PATHS = new Map([
  ['/api/auth/email-otp/reset-password', 'forget-password'],
  ['/api/auth/email-otp/verify-email', 'email-verification'],
  ['/api/auth/sign-in/email-otp', 'sign-in'],
]);
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

/**
 * The session token stays in the httpOnly cookie (issue 11): better-auth also returns it in the
 * JSON of sign-in, verify-email, get-session and change-password, where the page's JavaScript
 * could read it. Non-browser API clients take the cookie's value from `Set-Cookie` and may send
 * it as `Authorization: Bearer` (docs/decisions/002).
 */
function withoutTokens(text: string | null): string | null {
  if (!text) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!parsed || typeof parsed !== 'object') return text;
  const body = parsed as { token?: unknown; session?: { token?: unknown } | null };
  if (!('token' in body) && !(body.session && 'token' in body.session)) return text;
  delete body.token;
  if (body.session && typeof body.session === 'object') delete body.session.token;
  return JSON.stringify(body);
}

/** Response headers of better-auth's bearer plugin that hand the token to JavaScript. */
const TOKEN_HEADERS = new Set(['set-auth-token', 'access-control-expose-headers']);

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 ? email.trim().toLowerCase() : null;
};

/**
 * Mounts better-auth's own endpoints under `/api/auth/*` by translating the Fastify request into
 * a web Request and the web Response back, adding the account-level protections better-auth does
 * not have: a per-address code-sending limit and a per-(IP, account) throttle on password checks.
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
      const email = request.method === 'POST' ? emailOf(request.body) : null;

      if (email && app.config.rateLimit && CODE_SENDING_PATHS.has(path)) {
        if ((await codeSendsInWindow(db, email)) >= CODE_SENDS_PER_ADDRESS.max) {
          return reply
            .code(429)
            .send(tooMany('Too many codes requested for this address. Please try again later.'));
        }
      }
      const codeType = CODE_GUESS_PATHS.get(path);
      if (email && codeType && app.config.rateLimit && !(await claimCodeGuess(db, email))) {
        // Locked for the hour: the account's live codes go too, so none is left to guess.
        await discardCodes(db, codeType, email);
        return reply
          .code(429)
          .send(tooMany('Too many codes tried for this account. Please try again later.'));
      }
      // The account whose password is checked, and the client: the throttle's key.
      const checked = PASSWORD_CHECK_PATHS.has(path)
        ? path === SIGN_IN_PATH
          ? email
          : ((await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))?.user
              .email ?? null)
        : null;
      if (checked && app.config.rateLimit && !(await claimPasswordCheck(db, request.ip, checked))) {
        return reply
          .code(429)
          .send(tooMany('Too many failed sign-in attempts. Please try again later.'));
      }

      // Issue 23: who signs out or changes a password, read before better-auth ends the session.
      const signedInUserId = needsSignedInUser(path)
        ? ((await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))?.user
            .id ?? null)
        : null;
      const url = new URL(request.url, app.config.publicUrl);
      const headers = fromNodeHeaders(request.headers);
      // Overwritten, never trusted from the client: Fastify's request.ip honours TRUST_PROXY.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      // Remember Me only when asked for (issue 23, ASVS 3.3.2): better-auth remembers a sign-in
      // that leaves the field out.
      const body =
        path === SIGN_IN_PATH && request.body && typeof request.body === 'object'
          ? {
              ...request.body,
              rememberMe: (request.body as { rememberMe?: unknown }).rememberMe === true,
            }
          : request.body;
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(body) : undefined,
        }),
      );

      if (checked && response.ok) await clearPasswordChecks(db, request.ip, checked);
      if (email && codeType && response.ok) await clearCodeGuesses(db, email);
      if (email && path === RESET_PASSWORD_PATH && response.ok) {
        await db
          .update(users)
          .set({ passwordResetAt: new Date(), passwordResetNoticeSentAt: null })
          .where(eq(users.email, email));
      }

      await recordIdentityEvent(db, {
        path,
        status: response.status,
        email,
        signedInUserId,
        address: request.ip,
      });
      reply.code(response.status);
      for (const [key, value] of response.headers) {
        // The body may be rewritten below, so its length is Fastify's to compute.
        if (key !== 'set-cookie' && key !== 'content-length' && !TOKEN_HEADERS.has(key)) {
          void reply.header(key, value);
        }
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : null;
      if (response.status >= 400) return reply.send(toApiError(response.status, text));
      return reply.send(withoutTokens(text));
    },
  });
};

export default authRoutes;
