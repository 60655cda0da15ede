import { PRIVACY_PAGE, TERMS_PAGE } from '@clerkly/contracts';
import { expect, test } from '../support/fixtures';

test.describe('redirect rules for a signed-out visitor', () => {
  test('/ goes to the login screen via /create-notes', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    await expect(page).toHaveTitle('Login | Clerkly');
  });

  test('every protected route sends the visitor to /login', async ({ page }) => {
    for (const route of [
      '/profile',
      '/create-notes',
      '/my-sessions',
      '/templates',
      '/audio-check',
      '/subscription',
      '/tutorial',
      '/payment',
    ]) {
      await page.goto(route);
      await expect(page, route).toHaveURL(/\/login$/);
    }
  });

  test('/subscription with a plan goes to /register and keeps the plan', async ({ page }) => {
    await page.goto('/subscription?plan=pro-monthly');
    await expect(page).toHaveURL(/\/register\?plan=pro-monthly$/);
  });

  test('a plan on another protected route still goes to /login', async ({ page }) => {
    await page.goto('/templates?plan=pro-monthly');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('auth page layout', () => {
  for (const route of ['/login', '/register', '/forgot-password']) {
    test(`${route} shows the sidebar open with no entries and no collapse control`, async ({
      page,
    }) => {
      await page.goto(route);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Create Notes' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /collapse sidebar/i })).toHaveCount(0);
      const width = await nav.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBe(310);
    });
  }

  test('login links to forgot password and to register', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register Here' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test('an unknown address shows the default error view', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

test('sign-up links to the Terms of Service and Privacy Policy, written out in full', async ({
  page,
  login,
}) => {
  await page.goto('/register');
  for (const legal of [TERMS_PAGE, PRIVACY_PAGE]) {
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: legal.title }).click();
    const tab = await opened;
    await expect(tab.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    await expect(tab).toHaveTitle(`${legal.title} | Clerkly`);
    // Issue 26: real text, not a template to fill in.
    for (const section of legal.sections) {
      await expect(tab.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    }
    await expect(tab.getByText(/\[.*\]/)).toHaveCount(0);
    await tab.close();
  }
  // Signed in, the pages stay readable (no redirect).
  await login();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: PRIVACY_PAGE.title })).toBeVisible();
});

test('the API refuses reference data without a session, as JSON', async ({ request }) => {
  const response = await request.get('/api/templates/');
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
});
