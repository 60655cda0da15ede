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
import { AUTH_REQUESTS, ROUTES, createOwner, routeKey, type Owner } from './route-matrix';

let owner: Owner;
let other: Awaited<ReturnType<typeof createUser>>;

const testApp = useTestApp();
beforeAll(async () => {
  owner = await createOwner(testApp.app);
  other = await createUser(testApp.app);
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
