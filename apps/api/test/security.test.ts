/**
 * Issue 11: each reproduction of the security and reliability audit, as a test. Each failed on
 * the code before the fix.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVE_CONFLICT, SESSION_LIMITS, patientSessionDetailSchema } from '@clerkly/contracts';
import { rateLimits, sessionTranscriptHistory, sessions } from '../src/db/schema';
import { LOGIN_THROTTLE } from '../src/modules/auth/login-throttle.repository';
import { hashSessionToken } from '../src/modules/auth/session-store';
import {
  ORIGIN,
  bearerTokenOf,
  capturedLog,
  cookiesOf,
  createUser,
  dumpDatabase,
  newUser,
  randomIp,
  readLatestCode,
  readOutbox,
  postUploadForm,
  errorOf,
} from './helper';
import { useTestApp } from './use-test-app';

const log = capturedLog('info');
const testApp = useTestApp({}, log.options);

type User = Awaited<ReturnType<typeof createUser>>;
const as = (user: User) => ({ cookie: user.cookie, origin: ORIGIN });

/** A POST from the web app's origin with nobody signed in (sign-in, sign-up, codes, resets). */
const postSignedOut = (url: string, payload: object, remoteAddress?: string) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    payload,
  });

async function newSession(user: User, firstName = 'Jane Citizen') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/patient-sessions/',
    headers: as(user),
    payload: { firstName, appointmentTypeId: 1, patientConsent: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; version: number }>();
}

const save = (user: User, id: number, body: object) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/patient-sessions/${id}`,
    headers: as(user),
    payload: { notes: [], duration: 10, transcribedText: '', baseVersion: 1, ...body },
  });

const detail = async (user: User, id: number) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/patient-sessions/${id}`,
    headers: as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return patientSessionDetailSchema.parse(response.json());
};

async function signIn(user: User, rememberMe: boolean) {
  const response = await postSignedOut(
    '/api/auth/sign-in/email',
    { email: user.email, password: user.password, rememberMe },
    randomIp(),
  );
  expect(response.statusCode, response.body).toBe(200);
  const signed = bearerTokenOf(response.headers['set-cookie'])!;
  return {
    cookie: cookiesOf(response.headers['set-cookie']),
    /** The signed token as the client holds it, and the session token inside it. */
    token: signed,
    plainToken: signed.split('.')[0]!,
  };
}

const me = (headers: Record<string, string>) =>
  testApp.app.inject({ method: 'GET', url: '/api/users', headers });

describe('High 2: session tokens cannot be lifted from the database', () => {
  it('stores only a hash: the stored value does not sign in, the client token does', async () => {
    const user = await createUser(testApp.app);
    const { token, plainToken } = await signIn(user, false);
    const stored = await testApp.app.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.token)).toContain(hashSessionToken(plainToken));
    for (const row of stored) {
      expect(row.token).not.toContain(plainToken);
      expect((await me({ authorization: `Bearer ${row.token}` })).statusCode).toBe(401);
    }
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('leaves no usable token, patient name, transcript or note in a dump of the database', async () => {
    const user = await createUser(testApp.app);
    const { token, plainToken } = await signIn(user, true);
    const session = await newSession(user, 'Quentin Zephyrine');
    const saved = await save(user, session.id, {
      notes: [
        { notesContent: '<p>Marmalade rash</p>', patientSessionId: session.id, templateId: 1 },
      ],
      transcribedText: 'patient reports a marmalade rash on the elbow',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const dump = await dumpDatabase(testApp.app);
    expect(dump).toContain(user.email); // the dump is real: it holds the rows
    if (testApp.app.config.database.kind === 'postgres')
      expect(dump).toMatch(/PostgreSQL database dump/);
    for (const secret of [
      plainToken,
      token,
      user.token!.split('.')[0]!,
      'Quentin',
      'Zephyrine',
      'Marmalade rash',
      'marmalade rash on the elbow',
    ]) {
      expect(dump).not.toContain(secret);
    }
    // A stolen session row signs nobody in.
    const rows = await testApp.app.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    for (const row of rows) {
      expect((await me({ authorization: `Bearer ${row.token}` })).statusCode).toBe(401);
    }
  });

  it('still signs out and lists sessions with hashed tokens', async () => {
    const user = await createUser(testApp.app);
    const { cookie } = await signIn(user, false);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(401);
  });
});

describe('High 3: the per-address limit on code e-mails covers every path that sends one', () => {
  it('sends at most 5 codes to one address in 15 minutes, whatever the path or IP', async () => {
    const user = await createUser(testApp.app); // sign-up sent 1
    const paths: Array<[string, object]> = [
      ['/api/auth/forget-password/email-otp', { email: user.email }],
      ['/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'forget-password' }],
      ['/api/auth/email-otp/request-password-reset', { email: user.email }],
    ];
    for (let i = 0; i < 9; i += 1) {
      const [url, payload] = paths[i % paths.length]!;
      await postSignedOut(url, payload, randomIp());
    }
    const sent = (await readOutbox(testApp.app.config.mail.outboxDir)).filter(
      (message) => message.to === user.email.toLowerCase(),
    );
    expect(sent.length).toBeLessThanOrEqual(5);
  });

  it('no longer serves the deprecated reset path', async () => {
    const response = await postSignedOut('/api/auth/forget-password/email-otp', {
      email: 'someone@example.test',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Medium 4: cross-site requests with the clinician cookie are refused', () => {
  async function multipartFrom(origin: string, user: User, sessionId: number) {
    const form = new FormData();
    form.append('selectedTemplateIds', '[1]');
    form.append('sessionId', String(sessionId));
    form.append('prevTranscribedText', 'forged transcript');
    form.append('audio', new Blob([Buffer.alloc(64)], { type: 'audio/wav' }), 'recording.wav');
    return postUploadForm(testApp.app, form, { cookie: user.cookie, origin });
  }

  it('refuses a multipart upload posted from another port of the same host', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    await save(user, session.id, { transcribedText: 'the real transcript' });
    const forged = await multipartFrom('http://localhost:4000', user, session.id);
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged.body).message).toMatch(/Cross-site request refused/);
    expect((await detail(user, session.id)).transcript).toBe('the real transcript');
  });

  it('refuses a JSON save from another origin, or with no origin at all', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    for (const headers of [
      { cookie: user.cookie, origin: 'http://localhost:4000' },
      { cookie: user.cookie },
      { cookie: user.cookie, 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/patient-sessions/${session.id}`,
        headers,
        payload: { notes: [], duration: 1, transcribedText: 'forged', baseVersion: 1 },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await detail(user, session.id)).transcript).toBe('');
  });

  it('accepts a Bearer client, which a browser cannot forge', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/patient-sessions/${session.id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { notes: [], duration: 1, transcribedText: 'from the API', baseVersion: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('Medium 5: no edit is lost silently', () => {
  it('of 20 concurrent saves of one version, one wins and 19 get 409 with a clear message', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(user, session.id, { transcribedText: `version from tab ${i}`, baseVersion: 1 }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const conflict = errorOf(responses.find((r) => r.statusCode === 409)!.body);
    expect(conflict).toMatchObject({ code: SAVE_CONFLICT.code, message: SAVE_CONFLICT.message });
    const winner = responses.find((r) => r.statusCode === 200)!.json<{ version: number }>();
    expect(winner.version).toBe(2);
    expect((await detail(user, session.id)).version).toBe(2);
  });

  it('does not wipe the stored transcript with an empty save', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    expect((await save(user, session.id, { transcribedText: 'keep me' })).statusCode).toBe(200);
    const empty = await save(user, session.id, { transcribedText: '', baseVersion: 2 });
    expect(empty.statusCode).toBe(200);
    expect((await detail(user, session.id)).transcript).toBe('keep me');
  });

  it('keeps the previous transcript when a save or a generation replaces it', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    await save(user, session.id, { transcribedText: 'first transcript' });
    await save(user, session.id, { transcribedText: 'second transcript', baseVersion: 2 });
    const generated = await testApp.app.inject({
      method: 'POST',
      url: '/api/deepgram/notes-with-more-templates',
      headers: as(user),
      payload: {
        selectedTemplates: [1],
        transcribedText: 'I have had a sore throat for three days.',
        sessionId: session.id,
      },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const history = await testApp.app.database.db
      .select()
      .from(sessionTranscriptHistory)
      .where(eq(sessionTranscriptHistory.sessionId, session.id));
    expect(history.map((row) => testApp.app.cipher.open(row.transcriptSealed))).toEqual([
      'first transcript',
      'second transcript',
    ]);
  });

  it('returns the drafts and the transcript so a crashed tab can restore them', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user, 'Crash Tab');
    const generated = await testApp.app.inject({
      method: 'POST',
      url: '/api/deepgram/notes-with-more-templates',
      headers: as(user),
      payload: {
        selectedTemplates: [1, 2],
        transcribedText: 'I have had a sore throat for three days.',
        sessionId: session.id,
      },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const restored = await detail(user, session.id);
    expect(restored).toMatchObject({
      id: session.id,
      firstName: 'Crash Tab',
      transcript: 'I have had a sore throat for three days.',
      version: 1,
    });
    expect(restored.notes.map((note) => note.templateId)).toEqual([1, 2]);
    for (const note of restored.notes) expect(note.draft).toMatch(/<h2>/);

    const other = await createUser(testApp.app);
    const stranger = await testApp.app.inject({
      method: 'GET',
      url: `/api/patient-sessions/${session.id}`,
      headers: as(other),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Crash Tab');
  });
});

describe('Medium 6: malformed requests get a 4xx, and the log keeps no personal data', () => {
  it('refuses NUL characters in text with 400 instead of a database error', async () => {
    const user = await createUser(testApp.app);
    const responses = await Promise.all([
      testApp.app.inject({
        method: 'POST',
        url: '/api/patient-sessions/',
        headers: as(user),
        payload: { firstName: 'Nul\u0000Name', appointmentTypeId: 1, patientConsent: true },
      }),
      testApp.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: as(user),
        payload: { firstName: 'Ada\u0000', commonConditions: 'x\u0000y' },
      }),
      postSignedOut('/api/auth/sign-in/email', { email: 'a\u0000@example.test', password: 'x' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response.body).message).toBe('Text must not contain NUL characters');
    }
  });

  it('refuses ids of 2^31 and above, and extreme dates, with 400', async () => {
    const user = await createUser(testApp.app);
    const urls = [
      ['GET', '/api/patient-sessions/2147483648'],
      ['GET', '/api/topics/templateId/2147483648'],
      ['GET', `/api/notes/user/${user.id}?from=0000-01-01T00:00:00Z`],
      ['GET', `/api/notes/user/${user.id}?to=99999-01-01T00:00:00Z`],
    ] as const;
    for (const [method, url] of urls) {
      const response = await testApp.app.inject({ method, url, headers: as(user) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
    const bigTemplate = await testApp.app.inject({
      method: 'POST',
      url: '/api/patient-sessions/',
      headers: as(user),
      payload: { firstName: 'A', appointmentTypeId: 2 ** 31, patientConsent: true },
    });
    expect(bigTemplate.statusCode).toBe(400);
  });

  it('refuses JSON nested 5 000 deep, and null fields, on the identity routes', async () => {
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    for (const payload of [
      `{"email":${deep},"password":"x"}`,
      JSON.stringify({ email: null, password: null }),
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('never writes e-mail addresses or names into the log, even on errors', async () => {
    const user = await createUser(testApp.app, { firstName: 'Philippa', lastName: 'Quargle' });
    await newSession(user, 'Ottoline Vexby');
    await signIn(user, false);
    await postSignedOut('/api/auth/sign-in/email', {
      email: user.email,
      password: 'wrong-Passw0rd!',
    });
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [user.email, 'Philippa', 'Quargle', 'Ottoline', 'Vexby']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('Medium 7: sessions per ASVS 4.0.3 L2', () => {
  const rowOf = async (userId: string) => {
    const rows = await testApp.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sql`${sessions.createdAt} desc`);
    return rows[0]!;
  };

  it('without Remember Me: ends after 30 idle minutes, slides on use, never past 12 hours', async () => {
    const user = await createUser(testApp.app);
    await testApp.app.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    const { cookie } = await signIn(user, false);
    const row = await rowOf(user.id);
    const minutesLeft = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(SESSION_LIMITS.idleMinutes - 1);
    expect(minutesLeft).toBeLessThanOrEqual(SESSION_LIMITS.idleMinutes);

    // Used 10 minutes before its idle deadline: the deadline moves to 30 minutes from now.
    const db = testApp.app.database.db;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(sessions.id, row.id));
    expect((await me({ cookie })).statusCode).toBe(200);
    const slid = (await rowOf(user.id)).expiresAt.getTime() - Date.now();
    expect(slid / 60_000).toBeGreaterThan(SESSION_LIMITS.idleMinutes - 1);

    // Signed in almost 12 hours ago: use never takes it past 12 hours.
    const createdAt = new Date(Date.now() - (SESSION_LIMITS.absoluteHours * 60 - 5) * 60_000);
    await db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 2 * 60_000) })
      .where(eq(sessions.id, row.id));
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await rowOf(user.id)).expiresAt.getTime()).toBeLessThanOrEqual(
      createdAt.getTime() + SESSION_LIMITS.absoluteHours * 3_600_000,
    );

    // Idle past its deadline: signed out.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id));
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it('with Remember Me: 30 days from sign-in, not extended by use', async () => {
    const user = await createUser(testApp.app);
    await testApp.app.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    const { cookie } = await signIn(user, true);
    const before = await rowOf(user.id);
    const days = (before.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await rowOf(user.id)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
  });

  it('has no password-less sign-in and creates no account for an unknown address', async () => {
    const email = `unknown.${Date.now()}@example.test`;
    const send = await postSignedOut('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });
    expect(send.statusCode).toBe(400);
    const signInByCode = await postSignedOut('/api/auth/sign-in/email-otp', {
      email,
      otp: '123456',
    });
    expect(signInByCode.statusCode).toBe(404);
    expect(await dumpDatabase(testApp.app)).not.toContain(email);
  });

  it('serves none of the identity endpoints the product does not use', async () => {
    const user = await createUser(testApp.app);
    for (const url of [
      '/api/auth/update-user',
      '/api/auth/verify-password',
      '/api/auth/list-sessions',
      '/api/auth/revoke-sessions',
      '/api/auth/delete-user',
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: as(user),
        payload: { name: 'x', password: user.password },
      });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('Low: responses with patient data are never cached', () => {
  it('sends Cache-Control: no-store', async () => {
    const user = await createUser(testApp.app);
    const session = await newSession(user);
    for (const url of [`/api/patient-sessions/${session.id}`, `/api/notes/user/${user.id}`]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: as(user) });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

const signInFrom = (ip: string, email: string, password: string) =>
  postSignedOut('/api/auth/sign-in/email', { email, password, rememberMe: false }, ip);

describe('Low: password checks are throttled per (IP, account), atomically, with no account lock', () => {
  /**
   * better-auth's own per-IP limit (a few requests per 10 s, across accounts) runs too; its
   * window is moved on between waves instead of waiting 10 s, so what is measured is the
   * per-(IP, account) throttle that holds over 15 minutes.
   */
  const nextIpWindow = () => testApp.app.database.db.delete(rateLimits);

  it('evaluates no more than the limit of parallel wrong passwords from one address', async () => {
    const user = await createUser(testApp.app);
    const attacker = randomIp();
    const statuses: number[] = [];
    for (const wave of [40, 10, 10, 10]) {
      await nextIpWindow();
      const answers = await Promise.all(
        Array.from({ length: wave }, () => signInFrom(attacker, user.email, 'Wr0ng$password')),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    // 401 = the password was evaluated and was wrong; 429 = refused before any evaluation.
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAttempts);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // From that address even the right password is no longer evaluated...
    await nextIpWindow();
    expect((await signInFrom(attacker, user.email, user.password)).statusCode).toBe(429);
    // ...but the clinician at their own address signs in: there is no account lock to trip
    // (the old one locked the account for everyone after 100 failures from anywhere).
    expect((await signInFrom(randomIp(), user.email, user.password)).statusCode).toBe(200);
  });

  it('throttles the current-password check of change-password the same way', async () => {
    const user = await createUser(testApp.app);
    const ip = randomIp();
    const statuses: number[] = [];
    for (const wave of [10, 10, 10, 10, 10]) {
      await nextIpWindow();
      const answers = await Promise.all(
        Array.from({ length: wave }, () =>
          testApp.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: as(user),
            remoteAddress: ip,
            payload: { currentPassword: 'Wr0ng$password', newPassword: 'N3w$ecretPass' },
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    // 400 = the current password was evaluated and was wrong.
    const evaluated = statuses.filter((status) => status === 400).length;
    expect(evaluated).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAttempts);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
  });
});

describe('Low: the session token is not readable by JavaScript', () => {
  it('is only in the httpOnly cookie: no body, no set-auth-token header, no list-sessions', async () => {
    const applicant = newUser();
    const ip = randomIp();
    await postSignedOut(
      '/api/auth/sign-up/email',
      { ...applicant, name: `${applicant.firstName} ${applicant.lastName}` },
      ip,
    );
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      headers: { origin: ORIGIN },
      remoteAddress: ip,
      payload: {
        email: applicant.email,
        otp: await readLatestCode(testApp.app.config.mail.outboxDir, applicant.email),
      },
    });
    const signedIn = await signInFrom(randomIp(), applicant.email, applicant.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookiesOf(signedIn.headers['set-cookie']);
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: ORIGIN },
      payload: {
        currentPassword: applicant.password,
        newPassword: 'N3w$ecretPass',
        revokeOtherSessions: true,
      },
    });
    for (const response of [verified, signedIn, session, changed]) {
      expect(response.statusCode, response.body).toBe(200);
      const signed = bearerTokenOf(response.headers['set-cookie']);
      for (const token of [
        signed,
        signed?.split('.')[0],
        bearerTokenOf(signedIn.headers['set-cookie']),
      ]) {
        if (token) expect(response.body).not.toContain(token.split('.')[0]);
      }
      expect(response.headers['set-auth-token']).toBeUndefined();
      expect(String(response.headers['access-control-expose-headers'] ?? '')).not.toMatch(
        /auth-token/i,
      );
    }
    expect(String(signedIn.headers['set-cookie'])).toMatch(
      /better-auth\.session_token=[^;]+;.*HttpOnly/i,
    );
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(404);
  });
});
