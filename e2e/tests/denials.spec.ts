import { findingMentions, prepareAssertionText } from '@clerkly/contracts';
import config from '../playwright.config';
import {
  button,
  expectNoteWithText,
  record,
  startSession,
  templateCheckbox,
} from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { DENIED_SYMPTOMS, denialsConsultationWav, fakeMicrophoneArgs } from '../support/speech';

// Issue 21 "Done when": a patient who denies a list of symptoms, recorded through the (fake)
// microphone and transcribed by the offline recogniser with default settings — lower-case words,
// no punctuation, no speakers — gets a note that states none of them as present.
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), ...fakeMicrophoneArgs(denialsConsultationWav())],
  },
});

const NOTE = 'Clinic Visit Note';

test('symptoms the patient denies are never written as present', async ({ page, login }) => {
  test.setTimeout(180_000);
  await login();
  await page.goto('/create-notes');
  await startSession(page, 'Ada Ray');
  // The speech lasts about 18 s.
  await record(page, 22);
  await templateCheckbox(page, NOTE).check();
  await button(page, 'Generate Notes').click();
  const note = await expectNoteWithText(page, NOTE);

  // The denials are in the transcript as the recogniser wrote them ("no" is often "know").
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText(/\b(?:no|know) (?:nausea|vomiting|palpitations)\b/);

  // And no sentence of the note states a denied symptom, read by the same rules as the safety
  // check: "Denies nausea" and "no nausea" are fine, "Endorses nausea" or "The nausea…" are not.
  const text = await note.innerText();
  const asserted = prepareAssertionText(text);
  for (const symptom of DENIED_SYMPTOMS) {
    const affirmed = findingMentions(asserted, symptom)
      .filter((mention) => mention.assertion === 'affirmed')
      .map((mention) => text.slice(Math.max(0, mention.start - 60), mention.end + 20));
    expect({ symptom, affirmed }).toEqual({ symptom, affirmed: [] });
  }
  expect(text).not.toMatch(/\bendorses\b[^.\n]*\b(?:nausea|vomiting|palpitations)\b/i);
});
