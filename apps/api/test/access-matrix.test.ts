/**
 * Issue 11: the access-control matrix, generated from the app's route table. For every route:
 * anonymous → 401 (unless declared public), another user on the owner's ids → 403/404, nothing of
 * the owner in anyone else's response, and the owner's own request passes the guard (so a 403/404
 * above is the guard's doing, not a malformed request).
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../src/modules/auth/auth';
import { ORIGIN, createUser } from './helper';
import { useTestApp } from './use-test-app';
import {
  AUTH_REQUESTS,
  CLINIC_ROLE_MATRIX,
  ROUTES,
  createClinicPersonas,
  createOwner,
  mailedInvitationToken,
  routeKey,
  type ClinicPersona,
  type Owner,
} from './route-matrix';

let owner: Owner;
let other: Awaited<ReturnType<typeof createUser>>;
let personas: Awaited<ReturnType<typeof createClinicPersonas>>;

const testApp = useTestApp();
beforeAll(async () => {
  owner = await createOwner(testApp.app);
  other = await createUser(testApp.app);
  personas = await createClinicPersonas(testApp.app, owner);
});

const expectNothingOfOwner = (body: string, label: string) => {
  for (const secret of owner.secrets)
    expect(body, `${label} leaks "${secret}"`).not.toContain(secret);
};

describe('route table', () => {
  it('has an access entry for every route the app serves, and none for routes it does not', () => {
    const served = testApp.app.routeTable.map(routeKey);
    const missing = served.filter((key) => !(key in ROUTES));
    expect(missing, 'routes without an entry in test/route-matrix.ts').toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !served.includes(key));
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it('has a clinic-role entry for every clinic route, and none for other routes', () => {
    const clinicRoutes = testApp.app.routeTable
      .map(routeKey)
      .filter((key) => key.split(' ')[1]!.startsWith('/api/clinic'));
    expect(Object.keys(CLINIC_ROLE_MATRIX).sort()).toEqual(clinicRoutes.sort());
  });

  it('has a valid request for every identity endpoint the product exposes', () => {
    expect(Object.keys(AUTH_REQUESTS).sort()).toEqual([...AUTH_ENDPOINTS].sort());
  });
});

describe('access-control matrix', () => {
  const protectedRoutes = Object.entries(ROUTES).flatMap(([key, entry]) =>
    entry.access === 'user' ? [{ key, entry }] : [],
  );

  it.each(protectedRoutes)('$key', async ({ key, entry }) => {
    const method: InjectOptions['method'] = key.split(' ')[0];
    const request = async (headers: Record<string, string>) => {
      const base = await entry.request(owner);
      return testApp.app.inject({
        ...base,
        method,
        headers: { ...(base.headers as Record<string, string>), ...headers },
      });
    };

    const anonymous = await request({ origin: ORIGIN });
    expect(anonymous.statusCode, `${key} anonymous`).toBe(401);
    expectNothingOfOwner(anonymous.body, `${key} anonymous`);

    const stranger = await request({ cookie: other.cookie, origin: ORIGIN });
    if (entry.owned) expect([403, 404], `${key} as another user`).toContain(stranger.statusCode);
    expectNothingOfOwner(stranger.body, `${key} as another user`);

    const bearerStranger = await request({ authorization: `Bearer ${other.token}` });
    if (entry.owned) expect([403, 404]).toContain(bearerStranger.statusCode);
    expectNothingOfOwner(bearerStranger.body, `${key} as another user (Bearer)`);

    const own = await request({ cookie: owner.cookie, origin: ORIGIN });
    expect([401, 403, 404], `${key} as the owner: ${own.body}`).not.toContain(own.statusCode);
    if (entry.unavailableWhenBillingOff) expect(own.statusCode, key).toBe(503);
    else expect(own.statusCode, `${key} as the owner: ${own.body}`).toBeLessThan(500);
  });

  it('GET /api/auth/get-session and change-password: anonymous gets nothing', async () => {
    const session = await testApp.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(session.json()).toBeNull();
    const change = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: ORIGIN },
      payload: AUTH_REQUESTS['/change-password']!.payload,
    });
    expect(change.statusCode).toBe(401);
    const mine = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: other.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expectNothingOfOwner(mine.body, 'get-session as another user');
  });
});

/**
 * Issue 29 item 6 and docs/decisions/028: around the owner's clinic, a clinician acting as an
 * admin, a removed member and another clinic's owner send the owner's own requests; each is
 * refused as CLINIC_ROLE_MATRIX says, and nobody outside the clinic gets anything of it.
 */
describe('clinic roles matrix', () => {
  const cases = Object.entries(CLINIC_ROLE_MATRIX).flatMap(([key, expected]) =>
    (Object.entries(expected) as [ClinicPersona, number | null][]).flatMap(([persona, status]) =>
      status === null ? [] : [{ key, persona, status }],
    ),
  );

  it.each(cases)('$key as $persona → $status', async ({ key, persona, status }) => {
    const entry = ROUTES[key];
    if (entry?.access !== 'user') throw new Error(`${key} is not a signed-in route`);
    const base = await entry.request(owner);
    const method: InjectOptions['method'] = key.split(' ')[0];
    const response = await testApp.app.inject({
      ...base,
      method,
      headers: { cookie: personas[persona].cookie, origin: ORIGIN },
    });
    expect(response.statusCode, `${key} as ${persona}: ${response.body}`).toBe(status);
    if (persona !== 'clinician') expectNothingOfOwner(response.body, `${key} as ${persona}`);
  });

  it('an invitation link works once: a reused link and a cancelled one are refused', async () => {
    const accept = (persona: ClinicPersona, token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/clinic/invitations/accept',
        headers: { cookie: personas[persona].cookie, origin: ORIGIN },
        payload: { token },
      });
    const reused = await accept('clinician', personas.clinician.invitationToken!);
    expect(reused.statusCode, reused.body).toBe(410);
    // The removed member's own link, used before: still used after the removal.
    expect((await accept('removed', personas.removed.invitationToken!)).statusCode).toBe(410);

    // Invited again, then the invitation is cancelled before they follow the link.
    const ownerHeaders = { cookie: owner.cookie, origin: ORIGIN };
    const invited = await testApp.app.inject({
      method: 'POST',
      url: '/api/clinic/invitations',
      headers: ownerHeaders,
      payload: { email: personas.removed.email, role: 'clinician' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await mailedInvitationToken(testApp.app, personas.removed.email);
    const cancelled = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/clinic/invitations/${invited.json<{ id: number }>().id}`,
      headers: ownerHeaders,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await accept('removed', token)).statusCode).toBe(410);
    const clinic = await testApp.app.inject({
      method: 'GET',
      url: '/api/clinic',
      headers: { cookie: personas.removed.cookie },
    });
    expect(clinic.json()).toEqual({ clinic: null });
  });
});
