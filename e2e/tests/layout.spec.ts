import { expect, test } from '../support/fixtures';

const ENTRIES = [
  'Profile',
  'Create Notes',
  'My Sessions',
  'Templates',
  'Audio Check',
  'Subscription',
  'Tutorial',
];

test.describe('signed-in layout', () => {
  test('/ lands on Create Notes with the sidebar entries in order', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await expect(page).toHaveURL(/\/create-notes$/);
    await expect(page).toHaveTitle('Create Notes | Clerkly');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const links = nav.getByRole('link', { name: new RegExp(`^(${ENTRIES.join('|')})$`) });
    await expect(links).toHaveText(ENTRIES);
    await expect(nav.getByRole('link', { name: 'Create Notes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the sidebar collapses to icons and opens again', async ({ page, login }) => {
    await login();
    await page.goto('/templates');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(310);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(100);
    await expect(nav.getByText('My Sessions', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(310);
  });

  test('navigating highlights the active route and deep links survive a reload', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/create-notes');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'My Sessions' }).click();
    await expect(page).toHaveURL(/\/my-sessions$/);
    await expect(nav.getByRole('link', { name: 'My Sessions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.reload();
    await expect(page).toHaveTitle('My Sessions | Clerkly');
  });

  test('a signed-in user visiting /login goes to Create Notes', async ({ page, login }) => {
    await login();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/create-notes$/);
  });

  test('a signed-in user with a plan on /register goes to the subscription', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/register?plan=pro-annual');
    await expect(page).toHaveURL(/\/subscription\?plan=pro-annual$/);
  });

  test('the user menu shows initials, name and e-mail, and logs out', async ({ page, login }) => {
    const user = await login({ firstName: 'Grace', lastName: 'Hopper' });
    await page.goto('/create-notes');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible();
    await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/create-notes');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/payment has no sidebar and no top bar', async ({ page, login }) => {
    await login();
    await page.goto('/payment');
    await expect(page).toHaveTitle('Payment | Clerkly');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

test.describe('mobile layout', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the slide-in menu lists the sections and the avatar shows initials', async ({
    page,
    login,
  }) => {
    await login({ firstName: 'Mary', lastName: 'Seacole' });
    await page.goto('/create-notes');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('MS');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Tutorial' }).click();
    await expect(page).toHaveURL(/\/tutorial$/);
  });

  test('on login the menu and avatar are hidden', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  });
});
