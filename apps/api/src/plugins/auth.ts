import { ERROR_CODES } from '@clerkly/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth, type BackgroundWork } from '../modules/auth/auth';
import { createSessionReader } from '../modules/auth/session-reader';
import { createMailer, type Mailer } from '../modules/mail/mailer';

interface AuthenticatedUser {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** E-mails sent after the response (password reset codes); tests wait for them with idle(). */
    authBackground: BackgroundWork & { idle: () => Promise<void> };
    /** onRequest hook for protected route plugins: 401 unless a valid session is present. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export default fp(
  async (app) => {
    const mailer = createMailer(app.config.mail, app.log);
    app.log.info(`E-mail: ${mailer.description}`);
    if (!app.config.rateLimit) app.log.warn('Rate limits are OFF (RATE_LIMIT=off)');
    const pending = new Set<Promise<void>>();
    const background = {
      run(task: () => Promise<void>) {
        const work = task()
          .catch((error: unknown) => {
            // The error's name only: mail and database errors can carry addresses.
            app.log.error({ error: (error as Error)?.name }, 'Background work failed');
          })
          .finally(() => pending.delete(work));
        pending.add(work);
      },
      /** Resolves when everything started so far has finished. */
      async idle() {
        while (pending.size > 0) await Promise.all(pending);
      },
    };
    app.decorate('authBackground', background);
    app.addHook('onClose', () => background.idle());
    const auth = createAuth(app.database.db, app.config, mailer, app.log, background);
    app.decorate('mailer', mailer);
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    const readSession = createSessionReader(auth, app.database.db);
    /** The signed-in user: the fast read of session-reader.ts, or better-auth's own check. */
    const currentUser = async (request: FastifyRequest) => {
      const fast = await readSession(request.headers);
      if (fast !== 'ask-better-auth') return fast.user;
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      return session ? session.user : null;
    };
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await currentUser(request);
      if (!user || user.isDeleted) {
        return reply.code(401).send({
          error: { code: ERROR_CODES.unauthorized, message: 'Authentication required' },
        });
      }
      request.user = { id: user.id, email: user.email };
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
