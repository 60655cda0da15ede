/**
 * Issue 23, item 9 (low findings): sign-up bounds its e-mail address and names with the
 * contracts' schemas, the API documentation is not public in production, and a segment number
 * sent again with other audio is a conflict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../src/engines/audio/wav';
import { ORIGIN, buildTestApp, createUser, newUser, randomIp, type TestApp } from './helper';

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

describe('segments', () => {
  it('answers 409 to a segment number sent again with different audio, 200 to the same audio', async () => {
    const user = await createUser(testApp.app);
    const headers = { cookie: user.cookie, origin: ORIGIN };
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/patient-sessions/',
      headers,
      payload: { firstName: 'Segment Person', appointmentTypeId: 1, patientConsent: true },
    });
    const sessionId = created.json<{ id: number }>().id;
    const put = (audio: Buffer) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/patient-sessions/${sessionId}/segments/0`,
        headers: { ...headers, 'content-type': 'audio/wav' },
        payload: audio,
      });
    const first = encodeWav(new Int16Array(1600));
    const other = encodeWav(new Int16Array(1600).fill(300));
    expect((await put(first)).statusCode).toBe(200);
    const again = await put(first);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ created: boolean }>().created).toBe(false);
    const different = await put(other);
    expect(different.statusCode, different.body).toBe(409);
  });
});
