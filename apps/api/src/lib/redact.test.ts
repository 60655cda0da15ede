import { describe, expect, it } from 'vitest';
import { withoutEmailAddresses } from './redact';

describe('withoutEmailAddresses', () => {
  it('replaces every address in a library log line', () => {
    expect(
      withoutEmailAddresses('Sign-up attempt for existing email: dr.jane+work@clinic.example.org'),
    ).toBe('Sign-up attempt for existing email: [e-mail address]');
    expect(withoutEmailAddresses('from <a@b.co>, to "c.d@e.example"')).toBe(
      'from <[e-mail address]>, to "[e-mail address]"',
    );
  });

  it('leaves lines without an address as they are', () => {
    expect(withoutEmailAddresses('Rate limit exceeded for /sign-in/email')).toBe(
      'Rate limit exceeded for /sign-in/email',
    );
  });
});
