import { TOASTS, VALIDATION_MESSAGES as M, type CurrentUser } from '@clerkly/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import {
  currentUserHandler,
  errorResponse,
  jsonResponse,
  mockApi,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { withFallbackForOtherPages } from '../../../testing/mock-api-fallback';
import { fill } from '../../../testing/fill';
import { renderPage } from '../../../testing/render-app';

const CREDENTIALS = { email: 'ada.lovelace@example.com', password: 'Sup3r$ecret!' };

/** A signed-out visitor; `signIn` decides what the identity service answers. */
function mockSignedOut(
  signIn: (signInUser: () => void) => Response,
  user: CurrentUser = createUser(),
  more: ApiHandlers = {},
) {
  let signedIn: CurrentUser | null = null;
  return mockApi(
    withFallbackForOtherPages({
      'GET /api/users': () => currentUserHandler(signedIn)(),
      'POST /api/auth/sign-in/email': () =>
        signIn(() => {
          signedIn = user;
        }),
      ...more,
    }),
  );
}

const renderLogin = () => renderPage('/login', 'Welcome!');

async function fillAndSubmit(user: UserEvent, rememberMe = false) {
  await fill(user, screen.getByLabelText('Email', { exact: false }), CREDENTIALS.email);
  await fill(user, screen.getByLabelText(/^Password/), CREDENTIALS.password);
  if (rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login form', () => {
  it('shows the validation messages of spec point 5', async () => {
    const { requests } = mockSignedOut(() => jsonResponse({}));
    const { user } = await renderLogin();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText(M.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(M.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email', { exact: false }), 'ada lovelace@example');
    expect(screen.getByText(M.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText(M.passwordRequired)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/auth/sign-in/email')).toHaveLength(0);
  });

  it('says "Error logging in user" and shows the reason under the fields', async () => {
    mockSignedOut(() =>
      errorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    );
    const { user, router } = await renderLogin();

    await fillAndSubmit(user);

    expect(await screen.findByText(TOASTS.signInFailed)).toBeInTheDocument();
    // The root-level error line under the fields.
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in with Remember Me and lands on Create Notes with the welcome flag', async () => {
    const { requests } = mockSignedOut((signInUser) => {
      signInUser();
      return jsonResponse({ redirect: false, token: 'token' });
    });
    const { user, router } = await renderLogin();

    await fillAndSubmit(user, true);

    await waitFor(() => expect(router.state.location.pathname).toBe('/create-notes'));
    expect(router.state.location.state).toEqual({ welcome: true });
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/sign-in/email',
        body: { ...CREDENTIALS, rememberMe: true },
      }),
    );
  });
});

describe('login by an unconfirmed account', () => {
  const newcomer = createUser({ profession: null, commonTemplate: '' });

  /** Sign-in answers 403 until the address is confirmed, as better-auth does. */
  function mockUnconfirmed(more: ApiHandlers = {}) {
    let confirmed = false;
    let saved: CurrentUser = newcomer;
    return mockSignedOut(
      (signInUser) => {
        if (!confirmed) return errorResponse(403, 'EMAIL_NOT_VERIFIED', 'Email not verified');
        signInUser();
        return jsonResponse({ redirect: false, token: 'token' });
      },
      newcomer,
      {
        'POST /api/auth/email-otp/verify-email': () => {
          confirmed = true;
          return jsonResponse({ status: true, token: 't', user: { id: 'user-1', ...newcomer } });
        },
        'POST /api/users/register': () => jsonResponse(newcomer),
        'GET /api/templates/': () => jsonResponse([{ id: 1, name: 'SOAP Note' }]),
        'PUT /api/users/profile': ({ body }) => {
          saved = { ...newcomer, ...(body as Partial<CurrentUser>) };
          return jsonResponse(saved);
        },
        'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
        ...more,
      },
    );
  }

  it('confirms the code, registers in the backend, sets the profile up, then says welcome', async () => {
    const { requests } = mockUnconfirmed();
    const { user, router } = await renderLogin();

    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('Remaining time: 03:00')).toBeInTheDocument();

    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { name: "Let's set your profile up!" }),
    ).toBeInTheDocument();
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/email-otp/verify-email',
        body: { email: CREDENTIALS.email, otp: '246810' },
      }),
    );
    // Without Remember Me, a second sign-in swaps the persistent cookie for a browser-session one.
    expect(requests.filter((r) => r.path === '/api/auth/sign-in/email')).toHaveLength(2);
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/users/register',
        body: {
          cognitoId: 'user-1',
          email: newcomer.email,
          firstName: newcomer.firstName,
          lastName: newcomer.lastName,
          role: 'USER',
          isTrial: true,
          isDeleted: false,
        },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(M.professionRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Profession' }));
    await user.type(screen.getByRole('combobox', { name: 'Profession' }), 'Nurse Pr');
    await user.click(screen.getByRole('option', { name: 'Nurse Practitioner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TOASTS.profileSetUp)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-notes'));
    expect(router.state.location.state).toEqual({ welcome: true });
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/users/profile',
        body: { profession: 'Nurse Practitioner', commonTemplate: '', commonConditions: '' },
      }),
    );
  });

  it('signs the user out when backend registration fails', async () => {
    const { requests } = mockUnconfirmed({
      'POST /api/users/register': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
    });
    const { user, router } = await renderLogin();

    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Verify your email' });
    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(TOASTS.registrationFailedAtLogin)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toContainEqual(expect.objectContaining({ path: '/api/auth/sign-out' }));
  });
});
