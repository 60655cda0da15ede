import type { Page } from '@playwright/test';

/** The identity endpoints whose answer waits on a password hash. */
type PasswordPath =
  | '/api/auth/sign-up/email'
  | '/api/auth/sign-in/email'
  | '/api/auth/email-otp/reset-password'
  | '/api/auth/change-password';

/**
 * Does `submit` (the click or key press that sends a password form) and waits for the server's
 * answer to `path`. A password is hashed slowly on purpose (scrypt at N = 2^17: 0.65 s of CPU on
 * these machines, over 4 s beside stress-ng and 17 s when queued behind other workers' hashes),
 * so the page's next step is awaited from that answer, with the usual expect timeout; the hash
 * itself is only bounded by the test's timeout. Only for valid forms: one the page refuses
 * sends nothing.
 */
export async function submitPasswordForm(
  page: Page,
  path: PasswordPath,
  submit: () => Promise<unknown>,
) {
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === path && response.request().method() === 'POST',
  );
  await submit();
  return answer;
}
