import { MESSAGES, TOASTS, VALIDATION_MESSAGES as M } from '@clerkly/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApiAs,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { createUser } from '../../../testing/data-generators';
import { renderPage } from '../../../testing/render-app';
import { submitSignUp } from '../../../testing/sign-up';

afterEach(() => {
  vi.useRealTimers();
});

/** Signs up through the real form, which leads to the OTP screen. */
async function renderOtpScreen(more: ApiHandlers = {}) {
  const api = mockApiAs(null, {
    'POST /api/auth/sign-up/email': () => jsonResponse({ token: null, user: { id: 'user-1' } }),
    ...more,
  });
  const app = await renderPage('/register', 'Sign Up');
  await submitSignUp(app.user, createUser({ email: 'ada@example.com' }));
  await screen.findByRole('heading', { name: 'Verify your email' });
  return { ...app, ...api };
}

const digit = (n: number) =>
  screen.getByRole('textbox', { name: `Verification code digit ${n} of 6` });

describe('OTP screen', () => {
  it('counts down from 03:00, expires at 0 and resends with 10 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, requests } = await renderOtpScreen({
      'POST /api/auth/email-otp/send-verification-otp': () => jsonResponse({ success: true }),
    });

    expect(screen.getByText(MESSAGES.otpRemaining('03:00'))).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'Resend' });
    expect(resend).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(MESSAGES.otpRemaining('02:59'))).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(screen.getByText(MESSAGES.otpRemaining('00:59'))).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText(MESSAGES.otpExpired)).toBeInTheDocument();
    expect(screen.queryByText(/Remaining time/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();

    await user.click(resend);

    expect(await screen.findByText(TOASTS.otpSent)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.otpRemaining('10:00'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/email-otp/send-verification-otp',
        body: { email: 'ada@example.com', type: 'email-verification' },
      }),
    );
  });

  it('spreads a pasted code, advances as digits are typed and goes back on Backspace', async () => {
    const { user } = await renderOtpScreen();

    expect(digit(1)).toHaveFocus();
    await user.paste('1234');
    expect([1, 2, 3, 4, 5, 6].map((n) => (digit(n) as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '',
      '',
    ]);
    expect(digit(5)).toHaveFocus();

    await user.keyboard('5');
    expect(digit(5)).toHaveValue('5');
    expect(digit(6)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(digit(5)).toHaveFocus();
  });

  it('keeps a filled digit when a letter is typed over it, and Enter still sends the code', async () => {
    const { user, requests } = await renderOtpScreen({
      'POST /api/auth/email-otp/verify-email': () =>
        errorResponse(400, 'INVALID_OTP', 'Invalid OTP'),
    });

    await user.paste('123456');
    await user.click(digit(3));
    await user.keyboard('a');

    expect(digit(3)).toHaveValue('3');
    expect([1, 2, 3, 4, 5, 6].map((n) => (digit(n) as HTMLInputElement).value).join('')).toBe(
      '123456',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByText(TOASTS.invalidOtp)).toBeInTheDocument();
    expect(requests.filter((r) => r.path.includes('verify-email'))).toHaveLength(1);
  });

  it('asks for a valid code before sending it', async () => {
    const { user, requests } = await renderOtpScreen();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(M.codeInvalid)).toBeInTheDocument();

    await user.click(digit(1));
    await user.paste('12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(M.codeInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.path.includes('verify-email'))).toHaveLength(0);

    await user.click(digit(6));
    await user.keyboard('6');
    expect(screen.queryByText(M.codeInvalid)).not.toBeInTheDocument();
  });

  it('says "Invalid OTP" for a wrong code and "OTP verfification failed" otherwise', async () => {
    let answer = errorResponse(400, 'INVALID_OTP', 'Invalid OTP');
    const { user } = await renderOtpScreen({
      'POST /api/auth/email-otp/verify-email': () => answer,
    });

    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOASTS.invalidOtp)).toBeInTheDocument();

    answer = errorResponse(400, 'OTP_EXPIRED', 'OTP expired');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOASTS.otpVerificationFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  });
});
