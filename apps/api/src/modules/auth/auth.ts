import {
  OTP_LENGTH,
  OTP_COUNTDOWN_SECONDS,
  OTP_MAX_ATTEMPTS,
  PRODUCT_NAME,
  REMEMBERED_SESSION_DAYS,
  VALIDATION_MESSAGES,
  passwordSchema,
  signUpRequestSchema,
} from '@clerkly/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, emailOTP } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { codeMessage, existingAccountMessage } from '../mail/messages';
import { codeLifetimeSeconds, discardCodes, shortenCodeLife } from './code-lifetime';
import { withoutEmailAddresses } from '../../lib/redact';
import { claimCodeSend } from './code-sends.repository';
import { codeGuessesLocked } from './login-throttle.repository';
import { hashPassword, verifyPassword } from './password-hash';
import { initialExpiry, withSessionPolicy } from './session-store';

/** Header the API sets from Fastify's `request.ip`, so rate limits see the real client. */
export const CLIENT_IP_HEADER = 'x-clerkly-client-ip';

/** Where each endpoint carries the password that must meet the spec's policy. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/email-otp/reset-password': 'password',
  '/reset-password': 'newPassword',
};

/**
 * Server-side copy of the form rules (the identity service never trusts the browser); what it
 * passes on is what the rules read, trimmed.
 */
function enforceInputPolicy(ctx: { path?: string | undefined; body?: unknown }) {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const field = ctx.path ? PASSWORD_FIELDS[ctx.path] : undefined;
  if (!field) return trimmedEmail(body);
  const password = passwordSchema.safeParse(body[field]);
  if (!password.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_POLICY',
      message: VALIDATION_MESSAGES.passwordPolicy,
    });
  }
  if (ctx.path === '/sign-up/email') {
    const signUp = signUpRequestSchema.safeParse(body);
    if (!signUp.success) {
      throw new APIError('BAD_REQUEST', {
        code: signUp.error.issues[0]?.path[0] === 'email' ? 'INVALID_EMAIL' : 'INVALID_NAME',
        message: signUp.error.issues[0]?.message ?? VALIDATION_MESSAGES.firstNameRequired,
      });
    }
    // What is stored is what the schema read: " ada@example.com" and " Ada " arrive trimmed.
    const { email, firstName, lastName, name } = signUp.data;
    return { context: { body: { ...body, email, firstName, lastName, name: name.trim() } } };
  }
  return trimmedEmail(body);
}

/** Every form trims the address it is given; API clients get the same courtesy (issue 26). */
function trimmedEmail(body: Record<string, unknown>) {
  if (typeof body.email !== 'string' || body.email.trim() === body.email) return undefined;
  return { context: { body: { ...body, email: body.email.trim() } } };
}

/**
 * better-auth endpoints the product uses (spec point 7 and the web app); every other endpoint of
 * better-auth and its plugins answers 404, so no undocumented path (password-less sign-in,
 * update-user, verify-password, ...) is reachable (issue 11).
 */
export const AUTH_ENDPOINTS = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/change-password',
  '/email-otp/send-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
]);
/** Password-less sign-in by e-mailed code: only when the operator turns it on. */
export const PASSWORDLESS_ENDPOINTS = new Set(['/sign-in/email-otp']);

/** A session is remembered only when the clinician ticked Remember Me at sign-in. */
const wantsRememberMe = (context: { path?: string; body?: unknown } | null | undefined) =>
  context?.path === '/sign-in/email' &&
  (context.body as { rememberMe?: unknown } | undefined)?.rememberMe === true;

/**
 * The identity service: better-auth with e-mail + password, 6-digit e-mail codes and database
 * sessions. Browsers get an httpOnly session cookie; API clients may send
 * `Authorization: Bearer <token>` (bearer plugin). See docs/decisions/002.
 */
/** Work done after the response is sent; the app waits for it before it closes. */
export interface BackgroundWork {
  run(task: () => Promise<void>): void;
}

export function createAuth(
  db: Db,
  config: AppConfig,
  mailer: Mailer,
  log: FastifyBaseLogger,
  background: BackgroundWork,
) {
  const refusePasswordless = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (
      !config.passwordlessSignIn &&
      ctx.path === '/email-otp/send-verification-otp' &&
      body.type === 'sign-in'
    ) {
      throw new APIError('BAD_REQUEST', {
        code: 'PASSWORDLESS_SIGN_IN_OFF',
        message: 'Sign in with your e-mail address and password.',
      });
    }
  });
  const auth = betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: withSessionPolicy(drizzleAdapter(db, { provider: 'pg', usePlural: true, schema })),
    // better-auth's own log lines go through the app's logger, message only: the extra
    // arguments can be database errors carrying query parameters (e-mails, names), and some
    // messages name the address they are about.
    logger: {
      log: (level, message) => {
        log[level]({ source: 'better-auth' }, withoutEmailAddresses(message));
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      // Signing up with an address that has an account answers as a new sign-up does (no
      // enumeration, decision 007); its owner is told by e-mail and pointed at sign-in and reset.
      // An address never confirmed gets a new code, which is what the screen asks for.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          await auth.api.sendVerificationOTP({
            body: { email: user.email, type: 'email-verification' },
          });
          return;
        }
        if (config.rateLimit && !(await claimCodeSend(db, user.email))) {
          log.warn('Existing-account notice not sent: per-address limit reached');
          return;
        }
        await mailer.send(existingAccountMessage(user.email, config.publicUrl));
        log.info('Existing-account notice sent');
      },
    },
    emailVerification: {
      // An unconfirmed account that signs in gets a fresh code (spec point 2, Login).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
    },
    session: {
      // Lifetimes are set per session in databaseHooks below and kept by session-store.ts
      // (ASVS 3.3.2 L2): better-auth's own sliding refresh would extend remembered sessions.
      disableSessionRefresh: true,
      // The remembered cookie's Max-Age: the remembered session's server-side lifetime, so the
      // browser and the server agree (issue 23: the cookie said 7 days, the server 30).
      expiresIn: REMEMBERED_SESSION_DAYS * 24 * 3600,
      additionalFields: {
        rememberMe: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            const rememberMe = wantsRememberMe(context);
            return { data: { ...session, rememberMe, expiresAt: initialExpiry(rememberMe) } };
          },
        },
      },
    },
    user: {
      // Profile fields of spec point 3. Role and trial status are set by the server, never by
      // the sign-up payload.
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '' },
        lastName: { type: 'string', required: false, defaultValue: '' },
        profession: { type: 'string', required: false, input: false },
        commonTemplate: { type: 'string', required: false, defaultValue: '', input: false },
        commonConditions: { type: 'string', required: false, defaultValue: '', input: false },
        role: { type: 'string', required: false, defaultValue: 'USER', input: false },
        isTrial: { type: 'boolean', required: false, defaultValue: true, input: false },
        isDeleted: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      modelName: 'rateLimit',
      customRules: {
        '/email-otp/request-password-reset': { window: 60, max: 3 },
        '/email-otp/send-verification-otp': { window: 60, max: 3 },
        '/email-otp/verify-email': { window: 60, max: 10 },
        '/email-otp/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await refusePasswordless(ctx);
        return enforceInputPolicy(ctx);
      }),
    },
    plugins: [
      bearer(),
      emailOTP({
        otpLength: OTP_LENGTH,
        // The longest life a code can have; a first confirmation code is shortened to what its
        // screen counts down (code-lifetime.ts).
        expiresIn: OTP_COUNTDOWN_SECONDS.afterResend,
        allowedAttempts: OTP_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        rateLimit: { window: 60, max: 3 },
        disableSignUp: !config.passwordlessSignIn,
        async sendVerificationOTP({ email, otp, type }, ctx) {
          const lifetimeSeconds = codeLifetimeSeconds(type, ctx?.request);
          await shortenCodeLife(db, type, email, lifetimeSeconds);
          const send = async () => {
            // The per-address limit sits where codes are sent, so every path that sends one is
            // covered (issue 11). Over the limit the code is silently not sent: an error here
            // would tell which addresses have accounts.
            // A code that is not sent is not kept either (issue 23), and an account whose code
            // guesses are used up gets none until its window ends.
            if (config.rateLimit && (await codeGuessesLocked(db, email))) {
              await discardCodes(db, type, email);
              log.warn({ purpose: type }, 'Code not sent: code guesses used up for the hour');
              return;
            }
            if (config.rateLimit && !(await claimCodeSend(db, email))) {
              await discardCodes(db, type, email);
              log.warn({ purpose: type }, 'Code not sent: per-address limit reached');
              return;
            }
            await mailer.send(codeMessage(email, otp, type, lifetimeSeconds));
            log.info({ purpose: type }, 'Verification code sent');
          };
          // A reset request answers the same for every address, so its response must not wait
          // for the e-mail that only a known address gets (issue 11: 14.2 vs 10.0 ms). The other
          // codes go to the address being signed up or confirmed, which the caller already knows.
          if (type === 'forget-password') background.run(send);
          else await send();
        },
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
