import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, buildTestApp, newUser, readOutbox, type TestApp } from './helper';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';

let smtp: SmtpCapture;
let received: ParsedMail[];
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  received = smtp.received;
  testApp = await buildTestApp({ mail: smtp.mail });
});

afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

describe('e-mail over SMTP', () => {
  it('delivers the sign-up code over SMTP with a text and an HTML part', async () => {
    const user = newUser();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { ...user, name: `${user.firstName} ${user.lastName}` },
    });
    expect(response.statusCode).toBe(200);
    const mail = received.find((m) => {
      const to = Array.isArray(m.to) ? m.to[0] : m.to;
      return to?.value[0]?.address === user.email;
    });
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toContain('no-reply@clerkly.test');
    expect(mail!.subject).toBe('Your Clerkly verification code');
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    expect(typeof mail!.html === 'string' && mail!.html.includes('Clerkly')).toBe(true);
    expect(await readOutbox('/nonexistent/outbox')).toEqual([]);
  });
});
