import { SPEECH_ENGINE_LABELS } from '@clerkly/contracts';
import config from '../playwright.config';
import { liveTranscript, record, startSession } from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { fakeMicrophoneArgs, medicationConsultationWav } from '../support/speech';

/**
 * Issue 15 "Done when": a consultation recorded through the (fake) microphone names medications,
 * and the offline recogniser, with the consultation model and its generated pronunciations,
 * writes a medication name into the transcript; the transcript says which engine heard it.
 */
test.use({
  launchOptions: {
    ...(config.use?.launchOptions ?? {}),
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      ...fakeMicrophoneArgs(medicationConsultationWav()),
    ],
  },
});

test('a medication named in the consultation appears in the transcript', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/create-notes');
  await startSession(page, 'Max Doe');
  // The speech lasts about 19 s; the rest is silence.
  await record(page, 22);

  const transcript = liveTranscript(page);
  await expect(transcript).toContainText(/\b(metformin|lisinopril)\b/, { timeout: 60_000 });
  await expect(transcript.getByTestId('transcript-engine')).toHaveText(
    `Transcribed by ${SPEECH_ENGINE_LABELS.sphinx}.`,
  );
});
