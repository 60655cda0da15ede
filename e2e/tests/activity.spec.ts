import type { Page } from '@playwright/test';
import { expect, grantClipboard, test } from '../support/fixtures';
import { openSavedSoapNote } from '../support/sessions';

/**
 * Issue 23, finding 4: a saved session's Activity in My Sessions shows who created, edited,
 * saved, opened and copied it, from the server's audit trail. The copy is reported by the
 * browser, the rest is recorded by the server in the same transaction as each change.
 */
const openSavedNote = (page: Page) =>
  openSavedSoapNote(page, 'Tamsin Trailward', '<h2>Plan</h2><p>Rest and fluids.</p>');

test.describe('Activity of a saved session', () => {
  test('shows the copy of a note after the save, opened by keyboard', async ({
    page,
    context,
    login,
  }) => {
    await grantClipboard(context);
    const user = await login({ firstName: 'Grace', lastName: 'Hopper' });
    const dialog = await openSavedNote(page);

    const reported = page.waitForResponse(
      (response) => response.url().endsWith('/activity') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Copied to clipboard!')).toBeVisible();
    expect((await reported).status()).toBe(204);

    // Keyboard only: the Note tab takes the focus, the arrow key moves to Activity.
    await dialog.getByRole('tab', { name: 'Note' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Activity' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const who = `${user.firstName} ${user.lastName}`;
    const lines = dialog
      .getByRole('tabpanel', { name: 'Activity' })
      .locator('.mantine-Timeline-itemTitle');
    await expect(lines).toHaveText([
      `${who} created the session`,
      `${who} edited a note (SOAP Note)`,
      `${who} saved the session (SOAP Note), version 2`,
      `${who} opened the session`,
      `${who} copied a note (SOAP Note)`,
    ]);
    // When and from where, on each line.
    await expect(dialog.locator('time')).toHaveCount(5);
    await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).toContainText(
      'from 127.0.0.1',
    );
    // The patient's name is the modal's subject line, never part of the trail.
    await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).not.toContainText('Tamsin');
  });

  test('fits a phone screen without sideways scrolling', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login();
    const dialog = await openSavedNote(page);
    await dialog.getByRole('tab', { name: 'Activity' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Activity' });
    await expect(panel.locator('.mantine-Timeline-itemTitle')).toHaveCount(4);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
