import { TOASTS, VALIDATION_MESSAGES as M } from '@clerkly/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../testing/fill';
import {
  errorResponse,
  jsonResponse,
  mockApiAs,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-app';

const EMAIL = 'ada@example.com';

function mockReset(more: ApiHandlers = {}) {
  return mockApiAs(null, {
    'POST /api/auth/email-otp/request-password-reset': () => jsonResponse({ success: true }),
    'POST /api/auth/email-otp/reset-password': () => jsonResponse({ success: true }),
    'POST /api/users/password-reset': () => jsonResponse({ status: 'accepted' }, { status: 202 }),
    ...more,
  });
}

async function renderStepTwo() {
  const app = await renderPage('/forgot-password', 'Forgot password?');
  const { user } = app;
  await fill(user, screen.getByRole('textbox', { name: /Email/ }), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  await screen.findByRole('heading', { name: 'Set your new password' });
  return app;
}

const newPassword = () => screen.getByLabelText(/^New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm New Password/);

describe('forgot password', () => {
  it('asks for an e-mail address first', async () => {
    const { requests } = mockReset();
    const { user } = await renderPage('/forgot-password', 'Forgot password?');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(M.emailRequired)).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /Email/ }), 'ada@');
    expect(screen.getByText(M.emailInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the error message, or "Error signing in", when the code cannot be requested', async () => {
    let answer = () =>
      errorResponse(429, 'TOO_MANY_REQUESTS', 'Too many codes requested for this address.');
    mockReset({ 'POST /api/auth/email-otp/request-password-reset': () => answer() });
    const { user } = await renderPage('/forgot-password', 'Forgot password?');
    await fill(user, screen.getByRole('textbox', { name: /Email/ }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('Too many codes requested for this address.'),
    ).toBeInTheDocument();

    answer = () => new Response('', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(TOASTS.forgotPasswordEmailFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
  });

  it("checks the code and the new password with the forgot flow's own messages", async () => {
    mockReset();
    const { user } = await renderStepTwo();

    expect(screen.getByRole('textbox', { name: 'Verification code digit 1 of 6' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirm Password' }));
    expect(screen.getByText(M.codeInvalid)).toBeInTheDocument();
    expect(screen.getByText(M.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.confirmPasswordRequired)).toBeInTheDocument();

    await fill(user, newPassword(), 'weakpass');
    expect(screen.getByText(M.newPasswordPolicy)).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Verification code digit 1 of 6' }));
    await user.paste('112233');
    await fill(user, newPassword(), 'N3w$ecret!');
    await fill(user, confirmPassword(), 'N3w$ecret?');
    await user.click(screen.getByRole('button', { name: 'Confirm Password' }));
    expect(screen.getByText(M.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('sets the new password, asks for the confirmation e-mail and returns to /login', async () => {
    const { requests } = mockReset();
    const { user, router } = await renderStepTwo();

    await user.paste('112233');
    await fill(user, newPassword(), 'N3w$ecret!');
    await fill(user, confirmPassword(), 'N3w$ecret!');
    await user.click(screen.getByRole('button', { name: 'Confirm Password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/email-otp/reset-password',
        body: { email: EMAIL, otp: '112233', password: 'N3w$ecret!' },
      }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/users/password-reset',
        body: { userEmail: EMAIL },
      }),
    );
  });

  it('says "Error setting new password" when the reset fails without a message', async () => {
    mockReset({
      'POST /api/auth/email-otp/reset-password': () => new Response('', { status: 503 }),
    });
    const { user, router } = await renderStepTwo();

    await user.paste('112233');
    await fill(user, newPassword(), 'N3w$ecret!');
    await fill(user, confirmPassword(), 'N3w$ecret!');
    await user.click(screen.getByRole('button', { name: 'Confirm Password' }));

    expect(await screen.findByText(TOASTS.setNewPasswordFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
