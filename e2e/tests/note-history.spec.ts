import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/server';
import { openSoapNoteOf, saveSession } from '../support/sessions';

/**
 * Issue 23, finding 6: a saved session keeps every version. In My Sessions the note's "Earlier
 * versions" tab lists them, shows an earlier one, and restores it as a new version, with the
 * restore in the Activity.
 */
const FIRST = '<h2>Plan</h2><p>Rest the ankle and review in one week.</p>';
const SECOND = '<h2>Plan</h2><p>Ankle brace for two weeks.</p>';

async function savedTwice(page: Page, patientName: string) {
  const id = await saveSession(page, {
    patientName,
    notes: [{ templateId: 1, notesContent: FIRST }],
  });
  const again = await page.request.patch(`/api/patient-sessions/${id}`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      notes: [{ templateId: 1, notesContent: SECOND, patientSessionId: id }],
      duration: 60,
      transcribedText: `Consultation with ${patientName}, ankle brace.`,
      baseVersion: 2,
    },
  });
  expect(again.ok(), await again.text()).toBe(true);
  const dialog = await openSoapNoteOf(page, patientName);
  await expect(dialog.getByText('Ankle brace for two weeks.')).toBeVisible();
  return dialog;
}

test.describe('Earlier versions of a saved session', () => {
  test('shows an earlier version and restores it as a new one, by keyboard', async ({
    page,
    login,
  }, testInfo) => {
    const user = await login({ firstName: 'Vera', lastName: 'Versions' });
    const dialog = await savedTwice(page, 'Orla Oldversion');

    // Keyboard only: Note tab, then the arrow keys to Earlier versions.
    await dialog.getByRole('tab', { name: 'Note' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const tab = dialog.getByRole('tab', { name: 'Earlier versions' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = dialog.getByRole('tabpanel', { name: 'Earlier versions' });
    await expect(panel.getByText('Version 3')).toBeVisible();
    await expect(panel.getByText('Current')).toBeVisible();
    await expect(panel.getByText('Version 2', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Show version 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByText('Rest the ankle and review in one week.')).toBeVisible();
    await expect(panel.getByText(/Consultation with Orla Oldversion\./)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('earlier-versions-1280.png') });

    await panel.getByRole('button', { name: 'Restore this version' }).click();
    await panel.getByRole('button', { name: 'Restore version 2' }).click();
    await expect(page.getByText('Version 2 restored as version 4.')).toBeVisible();
    await expect(panel.getByText('restored from version 2')).toBeVisible();

    // The note itself is version 2's text again; version 3 is still in the list.
    await dialog.getByRole('tab', { name: 'Note' }).click();
    await expect(
      dialog.getByRole('tabpanel', { name: 'Note' }).getByText('Rest the ankle and review'),
    ).toBeVisible();
    await dialog.getByRole('tab', { name: 'Earlier versions' }).click();
    await expect(panel.getByText('Version 3', { exact: true })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Activity' }).click();
    const who = `${user.firstName} ${user.lastName}`;
    const lines = dialog
      .getByRole('tabpanel', { name: 'Activity' })
      .locator('.mantine-Timeline-itemTitle');
    await expect(lines.filter({ hasText: 'earlier version' })).toHaveText([
      `${who} opened an earlier version, version 2`,
      `${who} restored an earlier version, version 2`,
    ]);
    await expect(lines.last()).toHaveText(`${who} saved the session (SOAP Note), version 4`);
  });

  test('fits a phone screen without sideways scrolling', async ({ page, login }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login();
    const dialog = await savedTwice(page, 'Pia Phoneversion');
    await dialog.getByRole('tab', { name: 'Earlier versions' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Earlier versions' });
    await panel.getByRole('button', { name: 'Show version 2' }).click();
    await panel.getByRole('button', { name: 'Restore this version' }).click();
    await expect(panel.getByRole('button', { name: 'Restore version 2' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('earlier-versions-390.png') });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
