import { ERROR_CODES } from '@clerkly/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth } from '../modules/auth/auth';

export interface AuthenticatedUser {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** onRequest hook for protected route plugins: 401 unless a valid session is present. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export default fp(
  async (app) => {
    const auth = createAuth(app.database.db, app.config);
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session || session.user.isDeleted) {
        return reply.code(401).send({
          error: { code: ERROR_CODES.unauthorized, message: 'Authentication required' },
        });
      }
      request.user = { id: session.user.id, email: session.user.email };
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
