import { expect, type Page } from '@playwright/test';
import { createUser, type TestUser } from './fixtures';
import { latestCode } from './outbox';

/**
 * Signs a new user up on `app` through the real identity endpoints, confirming the address with
 * the code from that app's outbox, and finishes profile setup; the session cookie lands in the
 * page's browser context.
 */
export async function signUpOnApp(
  page: Page,
  app: { baseUrl: string; outboxDir: string },
  user: TestUser = createUser(),
): Promise<TestUser> {
  const headers = { origin: app.baseUrl };
  const signUp = await page.request.post(`${app.baseUrl}/api/auth/sign-up/email`, {
    headers,
    data: { ...user, name: `${user.firstName} ${user.lastName}` },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const verify = await page.request.post(`${app.baseUrl}/api/auth/email-otp/verify-email`, {
    headers,
    data: { email: user.email, otp: await latestCode(user.email, 0, app.outboxDir) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  // Profile setup finishes a sign-up; protected pages ask for it first (issue 14).
  const profile = await page.request.put(`${app.baseUrl}/api/users/profile`, {
    headers,
    data: { profession: 'General Practitioner' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return user;
}
