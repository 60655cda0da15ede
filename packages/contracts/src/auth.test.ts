import { describe, expect, it } from 'vitest';
import { registerSchema, resetPasswordSchema } from './auth';
import { VALIDATION_MESSAGES as M } from './messages';

/** The first message per field, as the forms show it. */
const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('password forms (spec point 5)', () => {
  it('says the passwords do not match even while other fields are still wrong', () => {
    const result = registerSchema.safeParse({
      firstName: '',
      lastName: 'Xy',
      email: 'not-an-email',
      password: 'Abcdef1!',
      confirmPassword: 'Abcdef1?',
      terms: false,
    });
    expect(messagesOf(result)).toMatchObject({
      firstName: M.firstNameRequired,
      email: M.emailInvalid,
      terms: M.termsRequired,
      confirmPassword: M.passwordsDoNotMatch,
    });
  });

  it('asks to confirm an empty confirmation rather than calling it a mismatch', () => {
    const result = resetPasswordSchema.safeParse({
      email: 'a@b.co',
      code: '123456',
      password: 'Abcdef1!',
      confirmPassword: '',
    });
    expect(messagesOf(result)).toEqual({ confirmPassword: M.confirmPasswordRequired });
  });

  it('applies the policy with the forgot flow wording', () => {
    const result = resetPasswordSchema.safeParse({
      email: 'a@b.co',
      code: '12345',
      password: 'weak',
      confirmPassword: 'weak',
    });
    expect(messagesOf(result)).toEqual({ code: M.codeInvalid, password: M.newPasswordPolicy });
  });
});
