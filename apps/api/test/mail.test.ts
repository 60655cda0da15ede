import { describe, expect, it } from 'vitest';
import { ORIGIN, newUser, readOutbox } from './helper';
import { useTestAppWithSmtp } from './use-test-app';

const testApp = useTestAppWithSmtp();

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
    const mail = testApp.smtp.received.find((m) => {
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
