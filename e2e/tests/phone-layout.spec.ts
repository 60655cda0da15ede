import { API_PATHS } from '@clerkly/contracts';
import { expect, test } from '../support/fixtures';
import { expectNoClippedText } from '../support/layout-check';
import { openSession } from '../support/create-notes';
import { E2E_BASE_URL } from '../support/server';
import { saveSession } from '../support/sessions';
import { launchOptionsWithFakeDevices } from '../support/speech';

/**
 * Issue 14: at 390×844 no screen scrolls sideways and no text is cut. Each screen is also
 * photographed (test output folder) for a person to look at. The notes stage, which needs a
 * generation, is checked at the end of keyboard.spec.ts.
 */

test.use({ viewport: { width: 390, height: 844 }, launchOptions: launchOptionsWithFakeDevices() });

const LONG_NAME = 'Medical Certificate – Work';

test('signed-out screens fit a phone', async ({ page }, testInfo) => {
  for (const path of ['/login', '/register', '/forgot-password', '/terms', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoClippedText(page, path);
    await page.screenshot({ path: testInfo.outputPath(`phone${path.replace('/', '-')}.png`) });
  }
});

test('signed-in screens fit a phone', async ({ page, login }, testInfo) => {
  test.setTimeout(90_000);
  await login();
  // Long template names in the Notes column, which needed sideways scrolling.
  await saveSession(page, {
    patientName: 'Alexandra Montgomery-Smith',
    notes: [
      { templateId: 1, notesContent: '<p>Plan.</p>' },
      { templateId: 4, notesContent: '<p>Dear colleague,</p>' },
    ],
  });
  const screens = [
    '/create-notes',
    '/my-sessions',
    '/templates',
    '/audio-check',
    '/subscription',
    '/tutorial',
    '/profile',
    '/payment',
  ];
  for (const path of screens) {
    await page.goto(path);
    // The page itself, not the skeleton shown while its code loads.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    if (path === '/my-sessions') {
      await expect(page.getByText('Alexandra Montgomery-Smith')).toBeVisible();
    }
    await expectNoClippedText(page, path);
    await page.screenshot({
      path: testInfo.outputPath(`phone${path.replace('/', '-')}.png`),
      fullPage: true,
    });
  }

  await openSession(page, 'Alexandra Montgomery-Smith');
  await expect(page.getByRole('checkbox', { name: LONG_NAME, exact: true })).toBeAttached();
  await expectNoClippedText(page, 'the recording stage');
  await page.screenshot({ path: testInfo.outputPath('phone-record-stage.png'), fullPage: true });
});

test('the clinic screens fit a phone: the members and audit tables scroll inside their own boxes', async ({
  page,
  login,
}, testInfo) => {
  await login();
  const created = await page.request.post(API_PATHS.clinic, {
    headers: { origin: E2E_BASE_URL },
    data: { name: 'Harbour Street Family Medical Clinic' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // A pending invitation to a long address: its line and Cancel button must fit too.
  const invited = await page.request.post(API_PATHS.clinicInvitations, {
    headers: { origin: E2E_BASE_URL },
    data: { email: 'alexandra.montgomery-smith.locum@example.test', role: 'clinician' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  for (const path of ['/clinic', '/clinic/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoClippedText(page, path);
    await page.screenshot({
      path: testInfo.outputPath(`phone${path.replaceAll('/', '-')}.png`),
      fullPage: true,
    });
  }
});
