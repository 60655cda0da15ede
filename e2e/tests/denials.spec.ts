import { TOASTS, findingMentions, prepareAssertionText } from '@clerkly/contracts';
import { expect, failedRequest, test, toast } from '../support/accounts';
import {
  button,
  expectNoteWithText,
  generateNotes,
  openSession,
  record,
} from '../support/create-notes';
import { createUser, signUp } from '../support/fixtures';
import {
  DENIED_SYMPTOMS,
  denialsConsultationWav,
  launchOptionsWithMicrophone,
} from '../support/speech';

// Issue 21 "Done when": a patient who denies a list of symptoms, recorded through the (fake)
// microphone and transcribed by the offline recogniser with default settings — lower-case words,
// no punctuation, no speakers — gets a note that states none of them as present.
test.use({
  launchOptions: launchOptionsWithMicrophone(denialsConsultationWav()),
});

const NOTE = 'Clinic Visit Note';

/** What the offline recogniser writes: lower-case words, no punctuation, no speakers. */
const RECOGNISED =
  'what brings you in today i twisted my right knee on a ladder and it is swollen i have been taking ibuprofen twice a day any chest pain shortness of breath no nothing like that';
/** A clinician's slips, each a sentence the transcript contradicts. */
const SLIPS = [
  [
    'Endorses chest pain.',
    'The note says chest pain is present; the transcript says no chest pain.',
  ],
  ['Swelling of the left knee.', 'The note says left; the transcript says right knee.'],
  [
    'The patient does not take ibuprofen.',
    'The note says there is no ibuprofen; the transcript mentions ibuprofen without saying no.',
  ],
  [
    'No known drug allergies.',
    'The note says no allergies; the transcript does not discuss allergies.',
  ],
] as const;

test('symptoms the patient denies are never written as present; slips are caught before saving', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000);
  await signUp(page, createUser());
  await openSession(page, 'Ada Ray');
  // The speech lasts about 18 s.
  await record(page, 22);
  await generateNotes(page, NOTE);
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

  // The clinician's own slips against a transcript as the recogniser writes it: the session is
  // saved from another tab with that transcript and a note holding four slips, this tab reloads
  // the saved version (after its stale save is refused), and "Before saving" lists every slip.
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.ok(),
  );
  await button(page, 'Save Session').click();
  const review = page.getByRole('dialog', { name: 'Before saving' });
  await expect(review.or(toast(page, TOASTS.sessionSaved))).toBeVisible();
  if (await review.isVisible()) await review.getByRole('button', { name: 'Save anyway' }).click();
  const response = await saved;
  const { version } = (await response.json()) as { version: number };
  const body = response.request().postDataJSON() as {
    notes: { templateId: number; patientSessionId: number }[];
  };
  const elsewhere = await page.request.patch(response.url(), {
    headers: { origin: new URL(response.url()).origin },
    data: {
      ...body,
      notes: body.notes.map((n) => ({
        ...n,
        notesContent: `<h2>History</h2><p>${SLIPS.map(([sentence]) => sentence).join(' ')}</p>`,
      })),
      transcribedText: RECOGNISED,
      baseVersion: version,
    },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  allowConsoleErrors(failedRequest(409));
  await button(page, 'Save Session').click();
  await expect(review.or(page.getByRole('dialog', { name: 'Saved elsewhere' }))).toBeVisible();
  if (await review.isVisible()) await review.getByRole('button', { name: 'Save anyway' }).click();
  await page
    .getByRole('dialog', { name: 'Saved elsewhere' })
    .getByRole('button', { name: 'Reload saved version' })
    .click();
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(RECOGNISED);

  await button(page, 'Save Session').click();
  for (const [sentence, message] of SLIPS) {
    await expect(review).toContainText(message);
    await expect(review).toContainText(sentence);
  }
});
