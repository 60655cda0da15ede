import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, OTP_LENGTH } from './limits';
import { VALIDATION_MESSAGES as M } from './messages';

/** Spec point 5: 8+ characters, lower, upper, digit and one of @$!%*?&, nothing else. */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;
/** "pattern {email}, no spaces" */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .max(254, M.emailInvalid);

export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(128, M.passwordPolicy)
  .regex(PASSWORD_PATTERN, M.passwordPolicy);

/** The forgot-password flow words the same rule differently (spec point 5). */
const newPasswordSchema = z
  .string({ error: M.newPasswordRequired })
  .min(1, M.newPasswordRequired)
  .max(128, M.newPasswordPolicy)
  .regex(PASSWORD_PATTERN, M.newPasswordPolicy);

export const otpCodeSchema = z
  .string({ error: M.codeInvalid })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.codeInvalid);

const name = (required: string, tooShort: string, what: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(NAME_MIN_LENGTH, tooShort)
    .max(NAME_MAX_LENGTH, `${what} is too long (at most ${NAME_MAX_LENGTH} characters)`);

/**
 * Zod skips object refinements while any field is invalid; the mismatch message should show as
 * soon as both passwords are typed, whatever the other fields say.
 */
function bothPasswordsTyped(payload: { value: unknown }): boolean {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return (
    typeof value?.password === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.confirmPassword.length > 0
  );
}

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
  rememberMe: z.boolean(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: name(M.firstNameRequired, M.firstNameTooShort, 'First name'),
    lastName: name(M.lastNameRequired, M.lastNameTooShort, 'Last name'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, M.confirmPasswordRequired),
    terms: z.literal(true, { error: M.termsRequired }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
    when: bothPasswordsTyped,
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * The identity service's sign-up body as the API accepts it (issue 23, item 9): the form's own
 * bounds, checked again on the server, so no 313-character address or 100 000-character name is
 * stored. `name` is the full name the identity service keeps beside the two parts.
 */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  firstName: name(M.firstNameRequired, M.firstNameTooShort, 'First name'),
  lastName: name(M.lastNameRequired, M.lastNameTooShort, 'Last name'),
  name: z
    .string()
    .max(
      2 * NAME_MAX_LENGTH + 1,
      `Name is too long (at most ${2 * NAME_MAX_LENGTH + 1} characters)`,
    ),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    code: otpCodeSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, M.confirmPasswordRequired),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
    when: bothPasswordsTyped,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: M.currentPasswordRequired }).min(1, M.currentPasswordRequired),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The OTP countdown of spec point 4, in seconds, and so the life of each code: the server
 * accepts a code exactly as long as the screen asking for it counts down, and its e-mail says so
 * (issue 14). A first confirmation code lives 180 s; a resent one, and a password-reset code
 * (whose screen shows no countdown), 600 s.
 */
export const OTP_COUNTDOWN_SECONDS = { initial: 180, afterResend: 600 } as const;
export const OTP_MAX_ATTEMPTS = 5;
/** "Remember Me" keeps a session at most this long (issue 3). */
export const REMEMBERED_SESSION_DAYS = 30;
