import { RECOGNITION_MESSAGES } from '@clerkly/contracts';
import { generateNotes, expectNoteWithText, openSession, record } from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { clearReadingWav, launchOptionsWithMicrophone } from '../support/speech';

// Issue 24 "Done when": a clearly spoken recording shows no quality notice. The synthetic
// consultation's side (the notice shown, uncertain words marked, no unmarked nonsense sentence)
// is in create-notes.spec.ts. The microphone plays a person reading aloud.
test.use({ launchOptions: launchOptionsWithMicrophone(clearReadingWav()) });

const SOAP = 'SOAP Note';

test('a clearly spoken recording gets no quality notice', async ({ page, login }) => {
  test.setTimeout(180_000);
  await login();
  await openSession(page, 'Reading Aloud');
  await record(page, 25);
  await generateNotes(page, SOAP);
  await expectNoteWithText(page, SOAP);

  // The transcript arrived with its confidences: the recogniser heard the reading, and was unsure
  // of a few words, which it marks.
  const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
  await expect(transcript).toContainText(/respectable|selfish|amiable|leisure/);
  await expect(transcript).toContainText(/\d+ words? recognised with low confidence/);
  await expect(transcript.locator('[data-uncertain]').first()).toBeVisible();
  // …and not so many that the recording as a whole is called hard to recognise.
  await expect(page.getByRole('alert', { name: RECOGNITION_MESSAGES.poorRecording })).toHaveCount(
    0,
  );
});
