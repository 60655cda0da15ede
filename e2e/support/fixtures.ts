import { randomBytes } from 'node:crypto';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { latestCode } from './outbox';
import { E2E_BASE_URL } from './server';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** `createUser(overrides)`: fresh, unique test data; no real patient or clinician data. */
export const createUser = (overrides: Partial<TestUser> = {}): TestUser => ({
  email: `e2e.${randomBytes(4).toString('hex')}@example.test`,
  password: 'Sup3r$ecret!',
  firstName: 'Grace',
  lastName: 'Hopper',
  ...overrides,
});

/** Lets the app's pages read and write the clipboard (Copy buttons, pasting in a test). */
export const grantClipboard = (context: BrowserContext) =>
  context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });

/**
 * Signs a user up through the real identity endpoints, confirms the address with the code from
 * the outbox and sets a profession; the session cookie lands in the page's browser context.
 */
export async function signUp(page: Page, user: TestUser) {
  const headers = { origin: E2E_BASE_URL };
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { ...user, name: `${user.firstName} ${user.lastName}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const verify = await page.request.post('/api/auth/email-otp/verify-email', {
    headers,
    data: { email: user.email, otp: await latestCode(user.email) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  // A finished sign-up includes profile setup; without a profession every protected page shows
  // profile setup first (issue 14).
  const profile = await page.request.put('/api/users/profile', {
    headers,
    data: { profession: 'General Practitioner' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
}

export const test = base.extend<{ login: (overrides?: Partial<TestUser>) => Promise<TestUser> }>({
  page: async ({ page }, use) => {
    // A console error in a test fails it (STYLE "Tests"), the 401 a signed-out visitor's
    // session check used to log included (issue 13: the check now answers 200).
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
  login: async ({ page }, use) => {
    await use(async (overrides) => {
      const user = createUser(overrides);
      await signUp(page, user);
      return user;
    });
  },
});

export { expect };
