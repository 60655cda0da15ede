/**
 * Issue 23, item 9 (low findings): sign-up bounds its e-mail address and names with the
 * contracts' schemas, and the API documentation is not public in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, buildTestApp, newUser, randomIp, type TestApp } from './helper';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('sign-up', () => {
  const signUp = (overrides: Record<string, string>) => {
    const user = newUser();
    return testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: randomIp(),
      payload: { ...user, name: `${user.firstName} ${user.lastName}`, ...overrides },
    });
  };

  it('refuses an e-mail address over 254 characters and names over 100 with 400', async () => {
    const cases = {
      email: `${'a'.repeat(300)}@example.test`,
      firstName: 'F'.repeat(101),
      lastName: 'L'.repeat(100_000),
      name: 'N'.repeat(100_000),
    };
    for (const [field, value] of Object.entries(cases)) {
      const response = await signUp({ [field]: value });
      expect(response.statusCode, `${field}: ${response.body.slice(0, 200)}`).toBe(400);
    }
    const fine = await signUp({ firstName: 'F'.repeat(100) });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('API documentation in production', () => {
  it('is not served', async () => {
    const production = await buildTestApp({ env: 'production' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
