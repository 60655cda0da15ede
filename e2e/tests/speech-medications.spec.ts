import { SPEECH_ENGINES } from '@clerkly/contracts';
import { signUpOnApp } from '../support/app-accounts';
import { liveTranscript, record, startSession } from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { startOwnApp, type OwnApp } from '../support/own-app';
import { launchOptionsWithMicrophone, medicationConsultationWav } from '../support/speech';

/**
 * Issue 15 "Done when": a consultation recorded through the (fake) microphone names medications,
 * and the offline recogniser, with the consultation model and its generated pronunciations,
 * writes a medication name into the transcript; the transcript says which engine heard it.
 * The consultation model is opt-in (docs/decisions/011), so this test runs its own app with
 * `SPHINX_MODEL=consultation`.
 */
let app: OwnApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startOwnApp('consultationModel', { SPHINX_MODEL: 'consultation' });
});
test.afterAll(async () => {
  await app?.stop();
});

test.use({
  launchOptions: launchOptionsWithMicrophone(medicationConsultationWav()),
});

test('a medication named in the consultation appears in the transcript', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOnApp(page, app);
  // A GP whose profile lists the conditions and drugs they see most: the recogniser leans
  // towards the clinician's own words (issue 15, item 3).
  const profile = await page.request.put(`${app.baseUrl}/api/users/profile`, {
    headers: { origin: app.baseUrl },
    data: { commonConditions: 'type 2 diabetes, metformin, hypertension, lisinopril' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.goto(`${app.baseUrl}/create-notes`);
  await startSession(page, 'Max Doe');
  // The speech lasts about 23 s; the rest is silence.
  await record(page, 27);

  const transcript = liveTranscript(page);
  await expect(transcript).toContainText(/\b(metformin|lisinopril)\b/, { timeout: 60_000 });
  await expect(transcript.getByTestId('transcript-engine')).toHaveText(
    `Transcribed by ${SPEECH_ENGINES.sphinx.label}.`,
  );
});
