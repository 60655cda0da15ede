import { TOASTS, VALIDATION_MESSAGES as M } from '@clerkly/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import { fill } from '../../../testing/fill';
import { errorResponse, jsonResponse, mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { withFallbackForOtherPages } from '../../../testing/mock-api-fallback';
import { renderPage } from '../../../testing/render-app';
import {
  signUpField as field,
  signUpHandlers,
  submitSignUp,
  verifyEmailCode,
} from '../../../testing/sign-up';

const applicant = createUser({ profession: null, email: 'grace@example.com' });

function mockSignUp(more: ApiHandlers = {}) {
  return mockApi(
    withFallbackForOtherPages({
      ...signUpHandlers(applicant, [
        { id: 1, name: 'SOAP Note' },
        { id: 5, name: 'Referral Letter' },
      ]),
      ...more,
    }),
  );
}

const renderRegister = (url = '/register') => renderPage(url, 'Sign Up');

describe('sign-up form', () => {
  it('shows every validation message of spec point 5', async () => {
    const { requests } = mockSignUp();
    const { user } = await renderRegister();
    const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await submit();
    for (const message of [
      M.firstNameRequired,
      M.lastNameRequired,
      M.emailRequired,
      M.passwordRequired,
      M.confirmPasswordRequired,
      M.termsRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();

    await fill(user, field.firstName(), 'A');
    await fill(user, field.lastName(), 'L');
    await fill(user, field.email(), 'grace @example.com');
    await fill(user, field.password(), 'password1');
    await fill(user, field.confirm(), 'password2');
    expect(screen.getByText(M.firstNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(M.lastNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(M.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.passwordPolicy)).toBeInTheDocument();

    // The shared schema compares the passwords once every field is valid.
    await fill(user, field.firstName(), 'Grace');
    await fill(user, field.lastName(), 'Hopper');
    await fill(user, field.email(), 'grace@example.com');
    await fill(user, field.password(), 'Sup3r$ecret!');
    await fill(user, field.confirm(), 'Sup3r$ecret?');
    await user.click(field.terms());
    expect(screen.queryByText(M.termsRequired)).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText(M.passwordsDoNotMatch)).toBeInTheDocument();

    // Fixing the password so that it matches clears the mismatch too.
    await fill(user, field.password(), 'Sup3r$ecret?');
    expect(screen.queryByText(M.passwordsDoNotMatch)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/api/auth/sign-up'))).toHaveLength(0);
  });

  it("shows the provider's message when sign-up fails", async () => {
    mockSignUp({
      'POST /api/auth/sign-up/email': () =>
        errorResponse(422, 'USER_ALREADY_EXISTS', 'User already exists. Use another email.'),
    });
    const { user } = await renderRegister();

    await fillValidForm(user);

    expect(await screen.findByText('User already exists. Use another email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('says "Signup failed. Please try again!" when there is no message', async () => {
    mockSignUp({ 'POST /api/auth/sign-up/email': () => new Response('', { status: 502 }) });
    const { user } = await renderRegister();

    await fillValidForm(user);

    expect(await screen.findByText(TOASTS.signUpFailed)).toBeInTheDocument();
  });
});

/** The form filled in validly as the applicant, and submitted. */
const fillValidForm = (user: UserEvent) => submitSignUp(user, applicant);

describe('sign-up flow', () => {
  it('goes through OTP and profile setup to the chosen plan', async () => {
    const { requests } = mockSignUp();
    const { user, router } = await renderRegister('/register?plan=pro-monthly');

    await fillValidForm(user);
    await verifyEmailCode(user);
    await screen.findByRole('heading', { name: "Let's set your profile up!" });

    await user.click(screen.getByRole('combobox', { name: 'Profession' }));
    await user.click(screen.getByRole('option', { name: 'General Practitioner' }));
    await user.click(screen.getByRole('combobox', { name: /Common templates/ }));
    await user.click(await screen.findByRole('option', { name: 'Referral Letter' }));
    await user.click(screen.getByRole('option', { name: 'SOAP Note' }));
    await fill(user, screen.getByRole('textbox', { name: /Common conditions/ }), 'Asthma');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TOASTS.profileSetUp)).toBeInTheDocument();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/subscription?plan=pro-monthly',
      ),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/sign-up/email',
        body: {
          email: applicant.email,
          password: 'Sup3r$ecret!',
          firstName: applicant.firstName,
          lastName: applicant.lastName,
          name: `${applicant.firstName} ${applicant.lastName}`,
        },
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/users/register',
        body: expect.objectContaining({ cognitoId: 'user-1', role: 'USER', isTrial: true }) as {
          cognitoId: string;
        },
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        body: {
          profession: 'General Practitioner',
          commonTemplate: '5,1',
          commonConditions: 'Asthma',
        },
      }),
    );
  });

  it('says "Some error occured" and sends the user to log in when registration fails', async () => {
    const { requests } = mockSignUp({
      'POST /api/users/register': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    const { user, router } = await renderRegister();

    await fillValidForm(user);
    await verifyEmailCode(user);

    expect(await screen.findByText(TOASTS.registrationFailedAtSignUp)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toContainEqual(expect.objectContaining({ path: '/api/auth/sign-out' }));
  });

  it('stops the loader and stays on profile setup when saving fails', async () => {
    mockSignUp({ 'PUT /api/users/profile': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom') });
    const { user, router } = await renderRegister();

    await fillValidForm(user);
    await verifyEmailCode(user);
    await screen.findByRole('heading', { name: "Let's set your profile up!" });
    await user.click(screen.getByRole('combobox', { name: 'Profession' }));
    await user.click(screen.getByRole('option', { name: 'Nurse' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TOASTS.profileSetupFailed)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Saving your profile…' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/register');
  });
});
