import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, buildTestApp, newUser, readOutbox, type TestApp } from './helper';

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer;
const received: ParsedMail[] = [];
let testApp: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  testApp = await buildTestApp({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Clerkly <no-reply@clerkly.test>',
      outboxDir: '/nonexistent/outbox',
    },
  });
});

afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
