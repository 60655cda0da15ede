import type { ClinicRole } from '@clerkly/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { ORIGIN, readOutbox, type TestUser } from './helper';

/**
 * The steps the clinic test files share (issue 29): requests as a signed-in member, founding a
 * clinic, inviting a colleague who joins through the mailed link like a person, and a patient
 * session. `app` is read on each call, since the test app only exists once `beforeAll` has run.
 */
export function clinicFixture(app: () => FastifyInstance) {
  /** A request with `user`'s cookie from the app's own origin, as the browser sends it. */
  const call = (
    user: TestUser,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: ORIGIN, ...headers },
      ...(payload ? { payload } : {}),
    });

  /** The token of the latest invitation mailed to `email`, read from the outbox like a person. */
  async function invitationToken(email: string): Promise<string> {
    const mine = (await readOutbox(app().config.mail.outboxDir)).filter(
      (message) => message.to === email.toLowerCase() && /invited to join/.test(message.subject),
    );
    const token = mine.at(-1)?.text.match(/\/clinic\/join#([\w-]{43})/)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  }

  /** `owner` founds a clinic named `name` and becomes its owner; its id. */
  async function foundClinic(owner: TestUser, name: string): Promise<number> {
    const created = await call(owner, 'POST', '/api/clinic', { name });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }

  /** `inviter` invites `user`, who joins through the mailed link. */
  async function join(inviter: TestUser, user: TestUser, role: ClinicRole) {
    const invited = await call(inviter, 'POST', '/api/clinic/invitations', {
      email: user.email,
      role,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationToken(user.email);
    const joined = await call(user, 'POST', '/api/clinic/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
  }

  /** A new patient session of `user`'s; its id. */
  async function newSession(user: TestUser) {
    const created = await call(user, 'POST', '/api/patient-sessions/', {
      firstName: 'Test Patient',
      appointmentTypeId: 1,
      patientConsent: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }

  return { call, invitationToken, foundClinic, join, newSession };
}

/** The rows of a raw query (the driver's result type differs between PGlite and PostgreSQL). */
export async function queryRows<Row>(database: Database, statement: SQL): Promise<Row[]> {
  const result: unknown = await database.db.execute(statement);
  return (result as { rows: Row[] }).rows;
}
