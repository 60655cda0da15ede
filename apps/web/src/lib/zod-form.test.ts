import { registerSchema, VALIDATION_MESSAGES as M } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { zodValidate } from './zod-form';

describe('zodValidate', () => {
  it("maps each field to the first of the shared schema's messages", () => {
    const errors = zodValidate(registerSchema)({
      firstName: '',
      lastName: 'L',
      email: 'not-an-email',
      password: '',
      confirmPassword: '',
      terms: false,
    });

    expect(errors).toEqual({
      firstName: M.firstNameRequired,
      lastName: M.lastNameTooShort,
      email: M.emailInvalid,
      password: M.passwordRequired,
      confirmPassword: M.confirmPasswordRequired,
      terms: M.termsRequired,
    });
  });

  it('returns no errors for valid values', () => {
    expect(
      zodValidate(registerSchema)({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        password: 'Sup3r$ecret!',
        confirmPassword: 'Sup3r$ecret!',
        terms: true,
      }),
    ).toEqual({});
  });
});
