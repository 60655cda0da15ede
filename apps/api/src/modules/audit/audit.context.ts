import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Who an audit event is about: the signed-in user (if any) and their client address. */
export interface AuditActor {
  userId: string | null;
  address: string | null;
}

/**
 * The request each handler runs for, so that modules record an event with one call inside their
 * own transaction (`recordAuditEvent(tx, event)`) without threading the caller's id and address
 * through every service signature. Entered in `preHandler`, after the body is parsed and the
 * `requireUser` guards have run, so the handler and everything it awaits see it.
 */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

export const auditContext = fp(
  async (app) => {
    app.addHook('preHandler', (request, _reply, done) => {
      currentRequest.run(request, done);
    });
  },
  { name: 'audit-context' },
);

/** An actor named for work no request started: a restart finishing a clinician's upload. */
const namedActor = new AsyncLocalStorage<AuditActor>();

/** Runs `work` with its audit events recorded for `actor` (issue 23, finding 7). */
export const runAsActor = <T>(actor: AuditActor, work: () => Promise<T>): Promise<T> =>
  namedActor.run(actor, work);

/** The actor of the request being handled; an error outside one (a job must name its actor). */
export function currentActor(): AuditActor {
  const named = namedActor.getStore();
  if (named) return named;
  const request = currentRequest.getStore();
  if (!request) throw new Error('An audit event outside a request must name its actor');
  return { userId: request.user?.id ?? null, address: request.ip };
}
