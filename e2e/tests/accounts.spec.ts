import {
  MESSAGES,
  OTP_COUNTDOWN_SECONDS,
  TOASTS,
  VALIDATION_MESSAGES as M,
} from '@clerkly/contracts';
import type { Page } from '@playwright/test';
import {
  codeDigits,
  createAccount,
  createUnconfirmedAccount,
  expect,
  failedRequest,
  pasteInto,
  test,
  toast,
} from '../support/accounts';
import { createUser, type TestUser } from '../support/fixtures';
import { countMessagesTo, latestCode, readOutbox } from '../support/outbox';
import { submitPasswordForm } from '../support/password-forms';

// Registration, code confirmation, profile setup, login, password reset and change
// (issue 3 "Done when"): every form's spec point 5 messages are asserted at least once.

// Each test hashes several passwords with scrypt at N = 2^17 (issue 3), on top of the UI work.
test.describe.configure({ timeout: 60_000 });

const email = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
const password = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Another valid code, so a wrong guess is certainly wrong. */
const wrongCode = (code: string) =>
  code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));

async function loginThroughForm(page: Page, user: TestUser, { rememberMe = false } = {}) {
  await page.goto('/login');
  await email(page).fill(user.email);
  await password(page).fill(user.password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember Me' }).check();
  await submitPasswordForm(page, '/api/auth/sign-in/email', () => button(page, 'Login').click());
}

/**
 * The first login on a browser brings the audio set-up pop-up 2 s after arriving (spec point 9):
 * closed as a user would. Going on without it raced with it: on a busy machine the pop-up opened
 * over the user menu (or the sidebar) and took the next click.
 */
async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Set up your audio' });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Profile setup: profession (searchable), a common template, conditions; then Save. */
async function setProfileUp(page: Page) {
  await expect(page.getByRole('heading', { name: "Let's set your profile up!" })).toBeVisible();
  await button(page, 'Save').click();
  await expect(page.getByText(M.professionRequired, { exact: true })).toBeVisible();

  const profession = page.getByRole('combobox', { name: 'Profession' });
  await profession.click();
  await profession.fill('zzz');
  await expect(page.getByText(MESSAGES.noOptionsFound, { exact: true })).toBeVisible();
  await profession.fill('general pract');
  await page.getByRole('option', { name: 'General Practitioner' }).click();
  await expect(page.getByText(M.professionRequired, { exact: true })).toBeHidden();

  await page.getByRole('combobox', { name: 'Common templates' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Common conditions or patients' }).fill('Asthma');

  await button(page, 'Save').click();
  await expect(toast(page, TOASTS.profileSetUp)).toBeVisible();
}

const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name.endsWith('session_token'));

test('a new user registers, confirms the e-mailed code and sets the profile up', async ({
  page,
  allowConsoleErrors,
}) => {
  const user = createUser();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

  // Every rule of the sign-up form (spec point 5).
  await button(page, 'Sign Up').click();
  for (const message of [
    M.firstNameRequired,
    M.lastNameRequired,
    M.emailRequired,
    M.passwordRequired,
    M.confirmPasswordRequired,
    M.termsRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const firstName = page.getByRole('textbox', { name: 'First Name' });
  const lastName = page.getByRole('textbox', { name: 'Last Name' });
  const confirm = page.getByRole('textbox', { name: 'Confirm Password', exact: true });
  await firstName.fill('G');
  await lastName.fill('H');
  await email(page).fill('grace hopper@example');
  await password(page).fill('password1');
  await expect(page.getByText(M.firstNameTooShort, { exact: true })).toBeVisible();
  await expect(page.getByText(M.lastNameTooShort, { exact: true })).toBeVisible();
  await expect(page.getByText(M.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(M.passwordPolicy, { exact: true })).toBeVisible();

  await firstName.fill(user.firstName);
  await lastName.fill(user.lastName);
  await email(page).fill(user.email);
  await password(page).fill(user.password);
  await confirm.fill(`${user.password}x`);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await button(page, 'Sign Up').click();
  await expect(page.getByText(M.passwordsDoNotMatch, { exact: true })).toBeVisible();
  await confirm.fill(user.password);
  await expect(page.getByText(M.passwordsDoNotMatch, { exact: true })).toBeHidden();
  await submitPasswordForm(page, '/api/auth/sign-up/email', () => button(page, 'Sign Up').click());

  // The OTP screen (spec point 2 "OTP verification", point 4 "OTP timer").
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(/^Remaining time: \d\d:\d\d$/)).toHaveText(
    /^Remaining time: (03:00|02:5\d)$/,
  );
  await expect(button(page, 'Resend')).toBeDisabled();
  const digits = codeDigits(page);
  await expect(digits[0]!).toBeFocused();

  await button(page, 'Verify').click();
  await expect(page.getByText(M.codeInvalid, { exact: true })).toBeVisible();

  // Typing moves on; Backspace in an empty box goes back.
  await digits[0]!.click();
  await page.keyboard.type('4');
  await expect(digits[1]!).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(digits[0]!).toBeFocused();

  // A wrong code: "Invalid OTP".
  const code = await latestCode(user.email);
  allowConsoleErrors(failedRequest(400));
  await pasteInto(page, digits[0]!, wrongCode(code));
  await button(page, 'Verify').click();
  await expect(toast(page, TOASTS.invalidOtp)).toBeVisible();

  // Pasting spreads the digits over the six boxes.
  await pasteInto(page, digits[0]!, code);
  for (const [index, box] of digits.entries()) await expect(box).toHaveValue(code[index]!);
  await expect(page.getByText(M.codeInvalid, { exact: true })).toBeHidden();
  await button(page, 'Verify').click();

  await setProfileUp(page);
  // The redirect follows the toast after 2 s (spec point 9).
  expect(new URL(page.url()).pathname).toBe('/register');
  await expect(page).toHaveURL(/\/create-notes$/);
  // The audio set-up pop-up greets the new user: a modal dialog, closed with Escape (issue 14).
  const welcome = page.getByRole('dialog', { name: 'Set up your audio' });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toContainText(`${user.firstName} ${user.lastName}`);
  await page.keyboard.press('Escape');

  await logout(page);
  await page.goto('/create-notes');
  await expect(page).toHaveURL(/\/login$/);

  // Issue 14: it showed after every login; on this browser it has been seen.
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/create-notes$/);
  await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
  // The pop-up would open 2 s after arriving; the welcome flag is cleared at that moment.
  await expect
    .poll(() => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null), {
      timeout: 5_000,
    })
    .toBeNull();
  await expect(welcome).toHaveCount(0);
});

test('a reload during profile setup comes back to profile setup, and no page works before it', async ({
  page,
}) => {
  const user = createUser();
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First Name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(user.lastName);
  await email(page).fill(user.email);
  await password(page).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(user.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await submitPasswordForm(page, '/api/auth/sign-up/email', () => button(page, 'Sign Up').click());
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await pasteInto(page, codeDigits(page)[0]!, await latestCode(user.email));
  await button(page, 'Verify').click();
  const setup = page.getByRole('heading', { name: "Let's set your profile up!" });
  await expect(setup).toBeVisible();

  // Issue 14: the reload showed the sign-up form to a signed-in user, and Create Notes then
  // worked without a profession.
  await page.reload();
  await expect(setup).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toHaveCount(0);
  await page.goto('/create-notes');
  await expect(setup).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Patient Name' })).toHaveCount(0);

  const profession = page.getByRole('combobox', { name: 'Profession' });
  await profession.click();
  await profession.fill('general pract');
  await page.getByRole('option', { name: 'General Practitioner' }).click();
  await button(page, 'Save').click();
  await expect(toast(page, TOASTS.profileSetUp)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
  await expect(page).toHaveURL(/\/create-notes$/);
});

test('login: messages, a wrong password, Remember Me and a browser-session login', async ({
  page,
  allowConsoleErrors,
}) => {
  const user = createUser();
  await createAccount(page, user);
  await page.goto('/login');

  await button(page, 'Login').click();
  await expect(page.getByText(M.emailRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(M.passwordRequired, { exact: true })).toBeVisible();
  await email(page).fill('not-an-email');
  await expect(page.getByText(M.emailInvalid, { exact: true })).toBeVisible();

  // A wrong password: the toast of spec point 8 and the reason in the root error line.
  allowConsoleErrors(failedRequest(401));
  await loginThroughForm(page, { ...user, password: 'Wr0ng$password' });
  await expect(toast(page, TOASTS.signInFailed)).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Remember Me: a persistent cookie.
  await loginThroughForm(page, user, { rememberMe: true });
  await expect(page).toHaveURL(/\/create-notes$/);
  const remembered = await sessionCookie(page);
  expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
  expect(remembered?.httpOnly).toBe(true);
  await closeWelcome(page);

  await logout(page);
  expect(await sessionCookie(page)).toBeUndefined();

  // Without it: a cookie that ends with the browser session.
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/create-notes$/);
  expect((await sessionCookie(page))?.expires).toBe(-1);
});

/**
 * The countdown started at `minutes` and running: the clock runs in real time until fast-forwarded,
 * and on a busy machine seconds pass between the code being sent and the check ("09:49").
 */
const countdownFrom = (minutes: number) => {
  const start = String(minutes).padStart(2, '0');
  const justUnder = String(minutes - 1).padStart(2, '0');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(MESSAGES.otpRemaining(''))}(?:${start}:00|${justUnder}:[0-5]\\d)$`);
};

test('an unconfirmed account logs in through the OTP screen, whose countdown expires and resends', async ({
  page,
  allowConsoleErrors,
}) => {
  const user = createUser();
  await createUnconfirmedAccount(page, user);
  const mailsBefore = await countMessagesTo(user.email);
  await page.clock.install();

  // The sign-in answers 403 EMAIL_NOT_VERIFIED and e-mails a new code.
  allowConsoleErrors(failedRequest(403));
  await loginThroughForm(page, user);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(countdownFrom(3))).toBeVisible();
  expect(await countMessagesTo(user.email)).toBeGreaterThan(mailsBefore);

  await page.clock.fastForward(OTP_COUNTDOWN_SECONDS.initial * 1000);
  await expect(page.getByText(MESSAGES.otpExpired, { exact: true })).toBeVisible();
  await expect(button(page, 'Resend')).toBeEnabled();

  const beforeResend = await countMessagesTo(user.email);
  await button(page, 'Resend').click();
  await expect(toast(page, TOASTS.otpSent)).toBeVisible();
  await expect(page.getByText(countdownFrom(10))).toBeVisible();
  await expect(button(page, 'Resend')).toBeDisabled();

  const code = await latestCode(user.email, beforeResend);
  await pasteInto(page, codeDigits(page)[0]!, code);
  await button(page, 'Verify').click();

  await setProfileUp(page);
  await page.clock.fastForward(2000);
  await expect(page).toHaveURL(/\/create-notes$/);
});

test('a forgotten password is reset with the e-mailed code, then the new one logs in', async ({
  page,
  allowConsoleErrors,
}) => {
  const user = createUser();
  await createAccount(page, user);
  const newPassword = 'N3w$ecret!pass';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await button(page, 'Reset password').click();
  await expect(page.getByText(M.emailRequired, { exact: true })).toBeVisible();

  const mailsBefore = await countMessagesTo(user.email);
  await email(page).fill(user.email);
  await button(page, 'Reset password').click();

  await expect(page.getByRole('heading', { name: 'Set your new password' })).toBeVisible();
  const digits = codeDigits(page);
  await expect(digits[0]!).toBeFocused();
  const newPasswordField = page.getByRole('textbox', { name: 'New Password', exact: true });
  const confirmField = page.getByRole('textbox', { name: 'Confirm New Password', exact: true });
  await page.getByRole('button', { name: 'Show New Password' }).click();
  await expect(newPasswordField).toHaveAttribute('type', 'text');

  await button(page, 'Confirm Password').click();
  await expect(page.getByText(M.codeInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(M.newPasswordRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(M.confirmPasswordRequired, { exact: true })).toBeVisible();
  await newPasswordField.fill('weakpass');
  await expect(page.getByText(M.newPasswordPolicy, { exact: true })).toBeVisible();

  const code = await latestCode(user.email, mailsBefore);
  await pasteInto(page, digits[0]!, code);
  await newPasswordField.fill(newPassword);
  await confirmField.fill(`${newPassword}x`);
  await button(page, 'Confirm Password').click();
  await expect(page.getByText(M.passwordsDoNotMatch, { exact: true })).toBeVisible();
  await confirmField.fill(newPassword);
  await submitPasswordForm(page, '/api/auth/email-otp/reset-password', () =>
    button(page, 'Confirm Password').click(),
  );

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  // The confirmation e-mail of spec point 7, sent after the reset.
  await expect
    .poll(async () =>
      (await readOutbox()).some(
        (mail) => mail.to === user.email && /password was changed/i.test(mail.subject),
      ),
    )
    .toBe(true);

  allowConsoleErrors(failedRequest(401));
  await loginThroughForm(page, user);
  await expect(toast(page, TOASTS.signInFailed)).toBeVisible();
  await loginThroughForm(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/create-notes$/);
});

test('the profile page edits the profile and changes the password', async ({
  page,
  allowConsoleErrors,
}) => {
  // Four password hashes (sign-up, sign-in, two changes): a hang guard sized for a loaded machine.
  test.setTimeout(180_000);
  const user = createUser();
  await createAccount(page, user);
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/create-notes$/);
  await closeWelcome(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', {
      name: 'Profile',
    })
    .click();
  await expect(page).toHaveURL(/\/profile$/);

  const settings = page.getByRole('region', { name: 'Profile settings' });
  const firstName = settings.getByRole('textbox', { name: 'First Name' });
  const lastName = settings.getByRole('textbox', { name: 'Last Name' });
  await expect(firstName).toHaveValue(user.firstName);
  await expect(settings.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await expect(settings.getByRole('textbox', { name: 'Email' })).not.toBeEditable();
  await expect(settings.getByRole('combobox', { name: 'Profession' })).toHaveValue(
    'General Practitioner',
  );

  await firstName.fill('');
  await lastName.fill('');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(M.profileFirstNameRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(M.profileLastNameRequired, { exact: true })).toBeVisible();
  await firstName.fill('Amazing');
  await lastName.fill('Grace');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, TOASTS.profileSaved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText('AG');

  const section = page.getByRole('region', { name: 'Change Password' });
  const current = section.getByRole('textbox', { name: 'Current Password', exact: true });
  const next = section.getByRole('textbox', { name: 'New Password', exact: true });
  const update = section.getByRole('button', { name: 'Update Password' });
  await update.click();
  await expect(section.getByText(M.currentPasswordRequired, { exact: true })).toBeVisible();
  await expect(section.getByText(M.passwordRequired, { exact: true })).toBeVisible();
  await next.fill('short');
  await expect(section.getByText(M.passwordPolicy, { exact: true })).toBeVisible();

  allowConsoleErrors(failedRequest(400));
  await current.fill('Wr0ng$password');
  await next.fill('Chang3d$pass');
  await submitPasswordForm(page, '/api/auth/change-password', () => update.click());
  await expect(toast(page, TOASTS.passwordChangeFailed)).toBeVisible();

  await current.fill(user.password);
  await submitPasswordForm(page, '/api/auth/change-password', () => update.click());
  await expect(toast(page, TOASTS.passwordUpdated)).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');

  await logout(page);
  await loginThroughForm(page, { ...user, password: 'Chang3d$pass' });
  await expect(page).toHaveURL(/\/create-notes$/);
});
