import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTP_COUNTDOWN_SECONDS,
  REMEMBERED_SESSION_DAYS,
  SESSION_LIMITS,
  VALIDATION_MESSAGES,
} from '@clerkly/contracts';
import { accounts, sessions, users, verifications } from '../src/db/schema';
import {
  ORIGIN,
  buildTestApp,
  cookiesOf,
  createUser,
  newUser,
  randomIp,
  readLatestCode,
  readOutbox,
  type TestApp,
  errorOf,
} from './helper';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();

const post = (url: string, payload: object, extra: { ip?: string; cookie?: string } = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    remoteAddress: extra.ip ?? randomIp(),
    payload,
  });

const signUp = (user = newUser(), ip = randomIp()) =>
  post('/api/auth/sign-up/email', { ...user, name: `${user.firstName} ${user.lastName}` }, { ip });

const outbox = () => testApp.app.config.mail.outboxDir;
describe('sign-up and e-mail confirmation', () => {
  it('e-mails a six-digit code with text and HTML parts naming the product', async () => {
    const user = newUser();
    expect((await signUp(user)).statusCode).toBe(200);
    const mail = (await readOutbox(outbox())).filter((m) => m.to === user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Clerkly');
    expect(mail[0]!.text).toMatch(/\b\d{6}\b/);
    expect(mail[0]!.html).toContain('Clerkly');
  });

  it('stores neither the code nor the password in plain text', async () => {
    const user = newUser();
    await signUp(user);
    const code = await readLatestCode(outbox(), user.email);
    const { db } = testApp.app.database;
    const stored = await db.select().from(verifications);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.value).not.toContain(code);
    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, user.email));
    expect(account?.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(account?.password).not.toContain(user.password);
  });

  it('refuses sign-in before confirmation and sends a new code', async () => {
    const user = newUser();
    await signUp(user);
    const first = await readLatestCode(outbox(), user.email);
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn.body).code).toBe('EMAIL_NOT_VERIFIED');
    const mails = (await readOutbox(outbox())).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(2);
    expect(await readLatestCode(outbox(), user.email)).toMatch(/^\d{6}$/);
    expect(first).toMatch(/^\d{6}$/);
  });

  it('kills a code after 5 wrong tries: the right code is then rejected', async () => {
    const user = newUser();
    const ip = randomIp();
    await signUp(user, ip);
    const code = await readLatestCode(outbox(), user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(
        '/api/auth/email-otp/verify-email',
        { email: user.email, otp: wrong },
        { ip },
      );
      expect(response.statusCode).toBe(400);
    }
    const right = await post(
      '/api/auth/email-otp/verify-email',
      { email: user.email, otp: code },
      { ip },
    );
    expect(right.statusCode).not.toBe(200);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('gives each code the lifetime its screen counts down and its e-mail states (issue 14)', async () => {
    const user = newUser();
    await signUp(user);
    const { db } = testApp.app.database;
    const identifier = `email-verification-otp-${user.email}`;
    // The latest row is the code just sent (better-auth keeps the earlier one until it is used).
    const lifetimeSeconds = async () => {
      const [row] = await db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, identifier))
        .orderBy(desc(verifications.createdAt))
        .limit(1);
      return Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000);
    };
    const latestMail = async () =>
      (await readOutbox(outbox())).filter((m) => m.to === user.email).at(-1)!;

    expect(await lifetimeSeconds()).toBe(OTP_COUNTDOWN_SECONDS.initial);
    expect((await latestMail()).text).toContain(
      `expires in ${OTP_COUNTDOWN_SECONDS.initial / 60} minutes`,
    );

    const resend = await post('/api/auth/email-otp/send-verification-otp', {
      email: user.email,
      type: 'email-verification',
    });
    expect(resend.statusCode).toBe(200);
    expect(await lifetimeSeconds()).toBe(OTP_COUNTDOWN_SECONDS.afterResend);
    expect((await latestMail()).text).toContain(
      `expires in ${OTP_COUNTDOWN_SECONDS.afterResend / 60} minutes`,
    );
  });

  it('answers a sign-up with a confirmed address as a new one and tells the owner by e-mail', async () => {
    const owner = await createUser(testApp.app);
    const fresh = await signUp(newUser());
    const again = await signUp(newUser({ email: owner.email }));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());

    const mails = (await readOutbox(outbox())).filter((m) => m.to === owner.email);
    const notice = mails.at(-1)!;
    expect(mails).toHaveLength(2);
    expect(notice.subject).toBe('Someone tried to create a Clerkly account with your address');
    expect(notice.text).toContain('http://localhost:3000/login');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // The address already holds an account: the password of the attempt changed nothing.
    const signIn = await post('/api/auth/sign-in/email', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('sends a new code when an unconfirmed address signs up again', async () => {
    const user = newUser();
    await signUp(user);
    const first = (await readOutbox(outbox())).filter((m) => m.to === user.email);
    expect((await signUp(user)).statusCode).toBe(200);
    const mails = (await readOutbox(outbox())).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(first.length + 1);
    expect(mails.at(-1)!.subject).toBe('Your Clerkly verification code');
    const code = await readLatestCode(outbox(), user.email);
    const verify = await post('/api/auth/email-otp/verify-email', { email: user.email, otp: code });
    expect(verify.statusCode).toBe(200);
  });

  it('rejects a code older than its lifetime, which is at most 10 minutes', async () => {
    const user = newUser();
    await signUp(user);
    const code = await readLatestCode(outbox(), user.email);
    const { db } = testApp.app.database;
    const identifier = `email-verification-otp-${user.email}`;
    const [row] = await db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, identifier));
    expect(row).toBeDefined();
    const lifetimeMs = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetimeMs).toBeLessThanOrEqual(10 * 60_000 + 1000);
    // Let the clock pass the lifetime by moving the expiry into the past.
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, identifier));
    const response = await post('/api/auth/email-otp/verify-email', {
      email: user.email,
      otp: code,
    });
    expect(response.statusCode).toBe(400);
  });

  it('enforces the password policy and name rules on the server', async () => {
    const weak = await signUp(newUser({ password: 'password1' }));
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak.body).message).toBe(VALIDATION_MESSAGES.passwordPolicy);
    const shortName = await signUp(newUser({ firstName: 'A' }));
    expect(shortName.statusCode).toBe(400);
    expect(errorOf(shortName.body).message).toBe(VALIDATION_MESSAGES.firstNameTooShort);
  });
});

describe('rate limits on sending codes', () => {
  it('limits code requests per client IP', async () => {
    const user = await createUser(testApp.app);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await post(
        '/api/auth/email-otp/request-password-reset',
        { email: `nobody${i}@example.test` },
        { ip },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
    expect(user.email).toBeTruthy();
  });

  it('limits codes per address whatever the IP, answering as for an unknown address', async () => {
    const user = await createUser(testApp.app);
    const unknown = `nobody.${Date.now()}@example.test`;
    const answers: Array<[number, string, number, string]> = [];
    for (let i = 0; i < 6; i += 1) {
      const known = await post('/api/auth/email-otp/request-password-reset', {
        email: user.email,
      });
      const stranger = await post('/api/auth/email-otp/request-password-reset', {
        email: unknown,
      });
      answers.push([known.statusCode, known.body, stranger.statusCode, stranger.body]);
      // Codes are e-mailed (and counted) after the answer: let each go before the next.
      await testApp.app.authBackground.idle();
    }
    // The same answer for both addresses every time: a 429 only for known ones would tell
    // which addresses have accounts.
    for (const [knownStatus, knownBody, strangerStatus, strangerBody] of answers) {
      expect([knownStatus, knownBody]).toEqual([strangerStatus, strangerBody]);
      expect(knownStatus).toBe(200);
    }
    // One code was sent at sign-up, so four reset codes complete the five of the window.
    const sent = (await readOutbox(outbox())).filter(
      (message) => message.to === user.email.toLowerCase(),
    );
    expect(sent).toHaveLength(5);
  });
});

describe('sign-in', () => {
  it('gives a browser-session cookie without Remember Me and a 30-day one with it', async () => {
    const user = await createUser(testApp.app);
    const without = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(without.statusCode).toBe(200);
    const sessionCookie = (setCookie: string | string[] | undefined) =>
      (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) =>
        c.includes('session_token='),
      ) ?? '';
    const plain = sessionCookie(without.headers['set-cookie']);
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/Max-Age|Expires/i);

    const remembered = sessionCookie(
      (
        await post('/api/auth/sign-in/email', {
          email: user.email,
          password: user.password,
          rememberMe: true,
        })
      ).headers['set-cookie'],
    );
    // Issue 23, finding 5: the cookie lived 7 days while the server kept the session 30.
    const maxAge = Number(remembered.match(/Max-Age=(\d+)/i)?.[1]);
    expect(maxAge).toBe(REMEMBERED_SESSION_DAYS * 24 * 3600);
  });

  it('does not remember a sign-in that does not ask for it (issue 23)', async () => {
    const user = await createUser(testApp.app);
    const omitted = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(omitted.statusCode).toBe(200);
    const cookie =
      (Array.isArray(omitted.headers['set-cookie'])
        ? omitted.headers['set-cookie']
        : [omitted.headers['set-cookie'] ?? '']
      ).find((c) => c.includes('session_token=')) ?? '';
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const [session] = await testApp.app.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    // Not remembered: 30 idle minutes (SESSION_LIMITS), not 30 days.
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(
      SESSION_LIMITS.idleMinutes * 60_000,
    );
  });

  it('logout ends the session on the server', async () => {
    const user = await createUser(testApp.app);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/users',
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie: user.cookie });
    expect(out.statusCode).toBe(200);
    const after = await testApp.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('password reset by code', () => {
  it('resets with the e-mailed code, signs in with the new password, confirms once by e-mail', async () => {
    const user = await createUser(testApp.app);
    const ip = randomIp();
    expect(
      (await post('/api/auth/email-otp/request-password-reset', { email: user.email }, { ip }))
        .statusCode,
    ).toBe(200);
    await testApp.app.authBackground.idle(); // the code is e-mailed after the response
    const otp = await readLatestCode(outbox(), user.email);
    const newPassword = 'N3w$ecretPass';
    const reset = await post(
      '/api/auth/email-otp/reset-password',
      { email: user.email, otp, password: newPassword },
      { ip },
    );
    expect(reset.statusCode).toBe(200);

    const oldLogin = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: newPassword,
    });
    expect(newLogin.statusCode).toBe(200);

    const before = (await readOutbox(outbox())).filter((m) => m.to === user.email).length;
    const notice = await post('/api/users/password-reset', { userEmail: user.email });
    expect(notice.statusCode).toBe(202);
    const again = await post('/api/users/password-reset', { userEmail: user.email });
    expect(again.statusCode).toBe(202);
    const mails = (await readOutbox(outbox())).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Your Clerkly password was changed');
  });

  it('sends no confirmation for an address that did not reset, and says the same', async () => {
    const user = await createUser(testApp.app);
    const before = (await readOutbox(outbox())).length;
    for (const email of [user.email, 'unknown@example.test']) {
      const response = await post('/api/users/password-reset', { userEmail: email });
      expect(response.statusCode).toBe(202);
    }
    expect((await readOutbox(outbox())).length).toBe(before);
    const bad = await post('/api/users/password-reset', { userEmail: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).fields).toEqual({ userEmail: VALIDATION_MESSAGES.emailInvalid });
  });

  it('changes the password with the current one, and refuses a wrong current one', async () => {
    const user = await createUser(testApp.app);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'Wr0ng$pass', newPassword: 'An0ther$Pass' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'An0ther$Pass' },
      { cookie: user.cookie },
    );
    expect(ok.statusCode).toBe(200);
    const login = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'An0ther$Pass',
    });
    expect(login.statusCode).toBe(200);
    expect(cookiesOf(login.headers['set-cookie'])).toContain('session_token=');
  });
});

describe('backend registration and profile', () => {
  const as = (cookie: string) => ({ cookie, origin: ORIGIN });
  /** The profile form's save, as the user signed in with `cookie`. */
  const putProfile = (cookie: string, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: '/api/users/profile', headers: as(cookie), payload });

  it('registers idempotently and only the caller themself', async () => {
    const user = await createUser(testApp.app, { firstName: 'Florence', lastName: 'Nightingale' });
    const payload = {
      cognitoId: user.id,
      email: user.email,
      firstName: 'Florence',
      lastName: 'Nightingale',
      role: 'ADMIN',
      isTrial: false,
      isDeleted: false,
    };
    for (let i = 0; i < 2; i += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: as(user.cookie),
        payload,
      });
      expect(response.statusCode).toBe(200);
      // The server decides role and trial status, whatever the payload says.
      expect(response.json()).toMatchObject({ role: 'USER', isTrial: true, firstName: 'Florence' });
    }
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: as(user.cookie),
      payload: { ...payload, cognitoId: 'someone-else' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('updates the profile, keeping existing values for empty fields', async () => {
    const user = await createUser(testApp.app);
    const put = (payload: object) => putProfile(user.cookie, payload);
    const first = await put({
      profession: 'Nurse',
      commonTemplate: '1,2',
      commonConditions: 'Asthma, diabetes',
    });
    expect(first.statusCode).toBe(200);
    const second = await put({
      firstName: 'Mary',
      lastName: '',
      profession: '',
      commonTemplate: '',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      firstName: 'Mary',
      lastName: 'Lovelace',
      profession: 'Nurse',
      commonTemplate: '1,2',
      commonConditions: 'Asthma, diabetes',
    });
  });

  it('refuses an unknown profession or template with the field named', async () => {
    const user = await createUser(testApp.app);
    const put = (payload: object) => putProfile(user.cookie, payload);
    const profession = await put({ profession: 'Wizard' });
    expect(profession.statusCode).toBe(400);
    expect(errorOf(profession.body).fields).toHaveProperty('profession');
    const template = await put({ commonTemplate: '1,99999' });
    expect(template.statusCode).toBe(400);
    expect(errorOf(template.body).fields).toEqual({
      commonTemplate: 'Choose templates from the list',
    });
    const wrongType = await put({ commonConditions: 42 });
    expect(wrongType.statusCode).toBe(400);
  });
});

/**
 * Issue 23, finding 3 (ASVS 2.2.1): every reset request minted a live code with 5 tries, even
 * when the per-address e-mail limit stopped sending it; behind a proxy with a rotating
 * X-Forwarded-For, 335 guesses in 12 s reached one account. Now an account takes at most 10
 * code guesses an hour wherever they come from, then its reset is locked (not its sign-in), and
 * no code exists that was not e-mailed.
 */
describe('reset-code guesses are bounded per account (issue 23)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await proxied.close();
  });
  let counter = 0;
  /** A request through the proxy from a client address never used before. */
  const viaProxy = (url: string, payload: object) => {
    counter += 1;
    return proxied.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: ORIGIN,
        'x-forwarded-for': `198.51.${Math.floor(counter / 250) % 250}.${1 + (counter % 250)}`,
      },
      remoteAddress: '127.0.0.1',
      payload,
    });
  };
  const resetCodesStored = async (email: string) =>
    (
      await proxied.app.database.db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, `forget-password-otp-${email}`))
    ).length;

  it('takes at most 10 guesses an hour from rotating addresses, then locks the reset only', async () => {
    const user = await createUser(proxied.app);
    const outboxDir = proxied.app.config.mail.outboxDir;
    let evaluated = 0;
    for (let round = 0; round < 12; round += 1) {
      const requested = await viaProxy('/api/auth/email-otp/request-password-reset', {
        email: user.email,
      });
      expect(requested.statusCode).toBe(200);
      await proxied.app.authBackground.idle();
      const real = await readLatestCode(outboxDir, user.email);
      for (let guess = 0; guess < 5; guess += 1) {
        const otp = String((Number(real) + 1 + guess) % 1_000_000).padStart(6, '0');
        const response = await viaProxy('/api/auth/email-otp/reset-password', {
          email: user.email,
          otp,
          password: 'Gu3ss$Password',
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode !== 429) evaluated += 1;
      }
    }
    expect(evaluated).toBeLessThanOrEqual(10);

    // The reset is locked: even the e-mailed code is refused, and no code is left to guess.
    const real = await readLatestCode(outboxDir, user.email);
    const withRealCode = await viaProxy('/api/auth/email-otp/reset-password', {
      email: user.email,
      otp: real,
      password: 'Gu3ss$Password',
    });
    expect(withRealCode.statusCode).toBe(429);
    expect(errorOf(withRealCode.body).message).toMatch(/try again later/i);
    expect(await resetCodesStored(user.email)).toBe(0);

    // The account is not locked: its owner signs in with the password as before.
    const signIn = await viaProxy('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('keeps no code that was not e-mailed once the address had its codes', async () => {
    const user = await createUser(proxied.app);
    const outboxDir = proxied.app.config.mail.outboxDir;
    const mailsTo = async () => (await readOutbox(outboxDir)).filter((m) => m.to === user.email);
    const before = (await mailsTo()).length;
    for (let request = 0; request < 8; request += 1) {
      await viaProxy('/api/auth/email-otp/request-password-reset', { email: user.email });
      await proxied.app.authBackground.idle();
    }
    // The sign-up code counts towards the address's five per window.
    const sent = (await mailsTo()).length - before;
    expect(sent).toBeLessThan(8);
    // The last requests sent nothing, so no code may be live: the last one e-mailed was replaced.
    expect(await resetCodesStored(user.email)).toBe(0);
  });

  it('answers the same 429 for an address without an account (no enumeration)', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess += 1) {
      const response = await viaProxy('/api/auth/email-otp/reset-password', {
        email: 'nobody-here@example.test',
        otp: String(100_000 + guess),
        password: 'Gu3ss$Password',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });
});
