import type { CurrentUser } from '@clerkly/contracts';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fill } from './fill';
import { currentUserHandler, jsonResponse, type ApiHandlers } from './mock-api';

/** The password every sign-up in the web tests uses: it meets the password policy. */
const VALID_PASSWORD = 'Sup3r$ecret!';

/**
 * The server side of sign-up (the form, the e-mailed code, registration, profile set-up) for
 * `applicant`, who is signed in from the moment the code is verified. `templates` is what
 * profile set-up offers as common templates.
 */
export function signUpHandlers(
  applicant: CurrentUser,
  templates: { id: number; name: string }[],
): ApiHandlers {
  let signedIn: CurrentUser | null = null;
  return {
    'GET /api/users': () => currentUserHandler(signedIn)(),
    'POST /api/auth/sign-up/email': () => jsonResponse({ token: null, user: { id: 'user-1' } }),
    'POST /api/auth/email-otp/verify-email': () => {
      signedIn = applicant;
      return jsonResponse({ status: true, token: 't', user: { id: 'user-1', ...applicant } });
    },
    'POST /api/users/register': () => jsonResponse(applicant),
    'GET /api/templates/': () => jsonResponse(templates),
    'PUT /api/users/profile': ({ body }) => {
      signedIn = { ...applicant, ...(body as Partial<CurrentUser>) };
      return jsonResponse(signedIn);
    },
  };
}

/** The sign-up form's fields, found by their labels as a person finds them. */
export const signUpField = {
  firstName: () => screen.getByRole('textbox', { name: /First Name/ }),
  lastName: () => screen.getByRole('textbox', { name: /Last Name/ }),
  email: () => screen.getByRole('textbox', { name: /Email/ }),
  password: () => screen.getByLabelText(/^Password/),
  confirm: () => screen.getByLabelText(/^Confirm Password/),
  terms: () => screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }),
};

/** Fills the sign-up form as `applicant` with a valid password, agrees to the terms, submits. */
export async function submitSignUp(user: UserEvent, applicant: CurrentUser) {
  await fill(user, signUpField.firstName(), applicant.firstName);
  await fill(user, signUpField.lastName(), applicant.lastName);
  await fill(user, signUpField.email(), applicant.email);
  await fill(user, signUpField.password(), VALID_PASSWORD);
  await fill(user, signUpField.confirm(), VALID_PASSWORD);
  await user.click(signUpField.terms());
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

/** Enters the e-mailed code on "Verify your email" and verifies it. */
export async function verifyEmailCode(user: UserEvent) {
  await screen.findByRole('heading', { name: 'Verify your email' });
  await user.paste('135790');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}
