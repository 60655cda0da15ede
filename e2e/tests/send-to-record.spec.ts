import { signUpOnApp } from '../support/app-accounts';
import { expect, test } from '../support/fixtures';
import { startRecordApp, type RecordApp } from '../support/record-app';
import { saveSession } from '../support/sessions';

/**
 * Issue 28 items 4–5: "Send to record" from My Sessions to the clinic's record system, here an
 * HL7 v2 MLLP listener that acknowledges each MDM^T02. The main app has no record system, so its
 * note view has no such button.
 */
const NOTE = '<h2>Plan</h2><ul><li>Rest and fluids</li><li>Review in one week</li></ul>';

test.describe('Send to record', () => {
  let app: RecordApp;
  test.beforeAll(async () => {
    // A second app starts (database created and migrated): slow on a loaded machine.
    test.setTimeout(120_000);
    app = await startRecordApp();
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test('sends a saved note and shows when it reached the record', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpOnApp(page, app);
    const headers = { origin: app.baseUrl };
    const created = await page.request.post(`${app.baseUrl}/api/patient-sessions/`, {
      headers,
      data: {
        firstName: 'Rosalind',
        lastName: 'Recordwell',
        appointmentTypeId: 1,
        patientConsent: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const saved = await page.request.patch(`${app.baseUrl}/api/patient-sessions/${id}`, {
      headers,
      data: {
        notes: [{ templateId: 1, notesContent: NOTE, patientSessionId: id }],
        duration: 60,
        transcribedText: 'Consultation with Rosalind Recordwell.',
        baseVersion: 1,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(`${app.baseUrl}/my-sessions`);
    await page
      .getByRole('row', { name: /Rosalind/ })
      .getByRole('button', { name: 'SOAP Note' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'SOAP Note' });
    await expect(dialog.getByRole('heading', { name: 'Plan' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Send to record' }).click();

    // The clinician's local time of day, as "14:02" (or "02:02 PM" where that is the custom).
    await expect(dialog.getByText(/^Sent to record at \d{1,2}:\d{2}/)).toBeVisible();
    const message = app.received.at(-1)!;
    expect(message).toContain('MDM^T02');
    expect(message).toContain('Recordwell^Rosalind');
    expect(message).toContain('- Rest and fluids');

    await dialog.getByRole('tab', { name: 'Activity' }).click();
    await expect(dialog.getByText(/sent a note to the record \(SOAP Note\)/)).toBeVisible();
  });

  test('the main app, with no record system, offers no Send to record', async ({ page, login }) => {
    await login();
    await saveSession(page, {
      patientName: 'Norbert Norecord',
      notes: [{ templateId: 1, notesContent: NOTE }],
    });
    await page.goto('/my-sessions');
    const endpoint = page.waitForResponse((response) =>
      response.url().endsWith('/api/record-endpoint'),
    );
    await page
      .getByRole('row', { name: /Norbert Norecord/ })
      .getByRole('button', { name: 'SOAP Note' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'SOAP Note' });
    expect(await (await endpoint).json()).toEqual({ kind: null });
    await expect(dialog.getByRole('button', { name: 'Export' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Send to record' })).toHaveCount(0);
  });
});
