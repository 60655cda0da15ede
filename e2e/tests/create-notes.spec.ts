import type { Page } from '@playwright/test';
import {
  API_PATHS,
  LIMIT_MESSAGES,
  RECOGNITION_MESSAGES,
  TOASTS,
  VALIDATION_MESSAGES,
  type SessionTranscript,
} from '@clerkly/contracts';
import {
  button,
  expectNoteWithText,
  expectNotesWhileTranscriptionMoves,
  generateNotes,
  liveTranscript,
  noteArticle,
  openSession,
  record,
  signInThroughForm,
  startSession,
  templateCheckbox,
  sentSegments,
  waitForTimer,
  watchSegments,
  type SentSegment,
} from '../support/create-notes';
import { createAccount, failedRequest, test as accountTest, toast } from '../support/accounts';
import { createUser, expect, grantClipboard, test } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/server';
import {
  CONSULTATION_SCRIPT,
  FOLLOW_UP_SCRIPT,
  launchOptionsWithMicrophone,
  longConsultationWav,
  mostlySaid,
} from '../support/speech';

/**
 * The microphone plays a consultation of a little over 3 minutes from its start at each
 * recording (the long test needs it all; the others use its first seconds).
 */
const launchWithMicrophone = () => launchOptionsWithMicrophone(longConsultationWav(200));

/** Words of the spoken consultation that offline recognition of synthetic speech gets right. */
const SPOKEN_WORDS =
  /throat|certificate|fever|tired|morning|swallow|blood|pressure|medicines|swelling|sugar|weeks/;

/**
 * Issue 9: segments are 16 kHz mono 16-bit WAVs of 5 to 20 s (the last one shorter), numbered
 * from 0 with no gap and each sent once.
 */
function expectWellFormedSegments(segments: SentSegment[], count: number) {
  const seqs = segments.map((segment) => segment.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: count }, (_, index) => index));
  for (const segment of segments) {
    expect(segment).toMatchObject({
      contentType: 'audio/wav',
      status: 200,
      riff: 'RIFF',
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
    });
    expect(segment.durationSeconds).toBeLessThanOrEqual(20.05);
  }
}

// Issue 5 "Done when": the microphone is fed from a real speech WAV. The launch options replace
// the config's, so its executable and flags are kept and the fake-microphone flags added.
// Reduced motion, which the app respects: the live transcript's Show opens it at once. Animated,
// it pushed the template list down while the next step clicked a checkbox there, and a press
// and release that landed on different places left the box focused and unticked (seen once).
test.use({ launchOptions: launchWithMicrophone(), reducedMotion: 'reduce' });
accountTest.use({ launchOptions: launchWithMicrophone() });

const CERTIFICATE = 'Medical Certificate – Work';
const OVERLAY_GENERATING = 'Hang on! Generating notes...';
const SOAP = 'SOAP Note';

/** The browser's record of the session being recorded (lengths are kept in clear; issue 26). */
const storedRecording = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clerkly-recordings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('sessions').objectStore('sessions').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
    db.close();
    return records[0] as { durationSeconds: number; openSeconds?: number } | undefined;
  });

test.describe('Create Notes', () => {
  test('a consultation from consent to saved notes', async ({ page, login }) => {
    test.setTimeout(240_000);
    await watchSegments(page);
    await login();
    await page.goto('/create-notes');

    await startSession(page, 'Ann Lee');
    const span = await record(page, 20);
    await expect(page.getByText('Recording ready.')).toBeVisible();

    // Issue 9: the audio went up in segments while recording, and the live transcript, a
    // draft, shows what was recognised.
    const transcript = liveTranscript(page);
    await expect(transcript).toContainText('Draft');
    await expect(transcript).toContainText(SPOKEN_WORDS, { timeout: 60_000 });
    // The transcript region folds away and back.
    await transcript.getByRole('button', { name: 'Hide' }).click();
    await expect(transcript.getByRole('button', { name: 'Show' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await transcript.getByRole('button', { name: 'Show' }).click();

    await templateCheckbox(page, CERTIFICATE).check();
    await templateCheckbox(page, SOAP).check();
    const started = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/generations'),
    );
    await button(page, 'Generate Notes').click();
    const firstRecording = ((await started).postDataJSON() as { segmentCount: number })
      .segmentCount;
    expect(firstRecording).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await sentSegments(page)).length).toBe(firstRecording);
    const segments = await sentSegments(page);
    expectWellFormedSegments(segments, firstRecording);
    const recorded = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
    expect(recorded).toBeGreaterThan(19);
    // Not a second more than was recorded (from before Start to after Stop, as the test saw it).
    expect(recorded).toBeLessThanOrEqual(span.maxSeconds);

    // One tab per template, each with note text.
    const tabs = page.getByRole('tablist', { name: 'Notes by template' }).getByRole('tab');
    await expect(tabs).toHaveText([CERTIFICATE, SOAP], { timeout: 120_000 });
    await expectNoteWithText(page, CERTIFICATE);
    await page.getByRole('tab', { name: SOAP }).click();
    await expectNoteWithText(page, SOAP);
    // Issue 24: the offline recogniser was unsure of much of the synthetic voice. The notes say
    // so, with what helps, and the transcript marks the words it was unsure of.
    await expect(
      page.getByRole('alert', { name: RECOGNITION_MESSAGES.poorRecording }),
    ).toContainText(RECOGNITION_MESSAGES.poorRecordingHelp);
    const transcriptPanel = page.getByRole('region', { name: 'Transcript', exact: true });
    await expect(transcriptPanel).toContainText(/\d+ words? recognised with low confidence/);
    await expect(transcriptPanel.locator('[data-uncertain]').first()).toBeVisible();
    // A marked word's confidence shows in full on hover, even the word nearest the panel's right
    // edge, and the transcript does not scroll sideways: a tip drawn inside it had been cut off.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const marked = transcriptPanel.locator('[data-uncertain]');
    const rightEdges = await marked.evaluateAll((words) =>
      words.map((word) => word.getBoundingClientRect().right),
    );
    const edgeWord = marked.nth(rightEdges.indexOf(Math.max(...rightEdges)));
    await edgeWord.hover();
    const tip = page.getByRole('tooltip', {
      name: (await edgeWord.getAttribute('aria-description')) ?? '',
      exact: true,
    });
    await expect(tip).toBeVisible();
    const tipBox = await tip.boundingBox();
    expect(tipBox!.x + tipBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const scrollsSideways = await transcriptPanel.evaluate((panel) =>
      [panel, ...Array.from(panel.querySelectorAll('*'))].some(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'visible',
      ),
    );
    expect(scrollsSideways, 'the transcript scrolls sideways').toBe(false);
    // No sentence copied from misheard speech is shown as if it were sure: a note sentence that
    // is mostly words nobody said carries a review mark.
    const unmarked = noteArticle(page, SOAP).locator(
      '[data-sentence]:not([data-unsupported]):not([data-uncertain])',
    );
    const nonsense = (await unmarked.allInnerTexts()).filter(
      (sentence) => !mostlySaid(sentence, [CONSULTATION_SCRIPT, FOLLOW_UP_SCRIPT]),
    );
    expect(nonsense, 'unmarked sentences that are mostly words nobody said').toEqual([]);

    // Edit in the rich-text editor and Update.
    await button(page, 'Edit').click();
    const editor = page.getByRole('textbox', { name: `${SOAP} note text` });
    for (const control of [
      'Undo',
      'Redo',
      'Bold',
      'Italic',
      'Underline',
      'Strike through',
      'Numbered list',
      'Bullet list',
      'Link',
      'Clear formatting',
      'HTML source',
    ]) {
      await expect(page.getByRole('button', { name: control, exact: true })).toBeVisible();
    }
    const textStyle = page.getByRole('combobox', { name: 'Text style' });
    await editor.click();
    // The note opens with a section heading (Header 2).
    await page.keyboard.press('ControlOrMeta+Home');
    await expect(textStyle).toHaveValue('h2');
    // A new top-level line at the end (a second Enter leaves a list), styled Header 1.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Reviewed with the patient today.');
    await textStyle.selectOption('Header 1');
    await expect(editor.getByRole('heading', { level: 1 })).toHaveText(
      'Reviewed with the patient today.',
    );
    await button(page, 'Update').click();
    await expect(editor).toBeHidden();
    await expect(
      noteArticle(page, SOAP).getByRole('heading', {
        level: 1,
        name: 'Reviewed with the patient today.',
      }),
    ).toBeVisible();

    // Regenerate with an instruction, compare, Update.
    const instruction = page.getByRole('textbox', { name: 'Regenerate with instructions' });
    await instruction.fill('make it shorter');
    await instruction.press('Enter');
    const compare = page.getByRole('region', { name: `Compare versions of ${SOAP}` });
    await expect(compare.getByRole('group', { name: 'Previous version' })).toContainText(
      'Reviewed with the patient today.',
    );
    await expect(compare.getByRole('group', { name: 'Regenerated version' })).toContainText(
      /\p{L}{3,}/u,
    );
    await compare.getByRole('button', { name: 'Update' }).click();
    await expect(compare).toBeHidden();
    await expectNoteWithText(page, SOAP);

    // A later recording adds segments after the earlier ones; nothing is sent or transcribed
    // twice, and the notes are written again from the whole.
    const regenerated = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/generations'),
    );
    await record(page, 3, 'Record more');
    const { segmentCount } = (await regenerated).postDataJSON() as { segmentCount: number };
    expect(segmentCount).toBeGreaterThan(firstRecording);
    await expect.poll(async () => (await sentSegments(page)).length).toBe(segmentCount);
    expectWellFormedSegments(await sentSegments(page), segmentCount);
    await expect(page.getByRole('status').filter({ hasText: OVERLAY_GENERATING })).toHaveCount(0, {
      timeout: 120_000,
    });
    await expect(tabs).toHaveText([CERTIFICATE, SOAP]);
    await expectNoteWithText(page, SOAP);

    // Copy as rich text.
    await grantClipboard(page.context());
    await button(page, 'Copy').click();
    await expect(toast(page, TOASTS.copiedRich)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).not.toBe('');

    // The certificate holds fields the consultation did not state ("[not stated]"): Save names
    // them and refuses until the clinician has filled them (issue 21).
    await button(page, 'Save Session').click();
    const review = page.getByRole('dialog', { name: 'Before saving' });
    await expect(review).toContainText(`${CERTIFICATE}: fill in`);
    await expect(review.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
    await review.getByRole('button', { name: 'Review notes' }).click();
    await expect(review).toBeHidden();
    await page.getByRole('tab', { name: CERTIFICATE }).click();
    await button(page, 'Edit').click();
    const certificate = page.getByRole('textbox', { name: `${CERTIFICATE} note text` });
    await certificate.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Ann Lee was seen today and is unfit for work today only.');
    await button(page, 'Update').click();
    await expect(certificate).toBeHidden();

    // Save Session → PATCH with both notes (after the safety check, if it asks).
    const saved = page.waitForRequest(
      (request) =>
        request.method() === 'PATCH' && /\/api\/patient-sessions\/\d+$/.test(request.url()),
    );
    await button(page, 'Save Session').click();
    // A save may take longer than an assertion's 10 s on a busy server (it waits up to 2 s for
    // its notes' evidence, SAVE_WAITS_FOR_EVIDENCE_MS, then writes). Wait for what the page
    // waits for: the review, or the server's answer to the save.
    await Promise.race([
      // Not shown when there is nothing to review: the answer ends the wait instead.
      review.waitFor({ timeout: 60_000 }).catch(() => undefined),
      saved.then((request) => request.response()),
    ]);
    if (await review.isVisible()) await review.getByRole('button', { name: 'Save anyway' }).click();
    const body = (await saved).postDataJSON() as {
      notes: { templateId: number; notesContent: string }[];
      duration: number;
      transcribedText: string;
    };
    expect(body.notes).toHaveLength(2);
    expect(body.duration).toBeGreaterThanOrEqual(20);
    // Built from what was said (offline recognition of synthetic speech: a few words suffice).
    expect(body.transcribedText).toMatch(/throat|certificate|fever|tired|morning/);
    await expect(toast(page, TOASTS.sessionSaved)).toBeVisible();

    // Saved: Next Patient goes straight to a new session form.
    await button(page, 'Next Patient').click();
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toHaveValue('');

    await page.goto('/my-sessions');
    await expect(page.getByRole('table', { name: 'Patient sessions' })).toContainText('Ann Lee');
  });

  test('a reload mid-recording offers the unsaved recording back', async ({ page, login }) => {
    test.setTimeout(180_000);
    await login();
    await openSession(page, 'Ben Ode');

    const startedAt = Date.now();
    await button(page, 'Start Recording').click();
    await waitForTimer(page, 8, 20_000);
    // The segment being recorded is copied to the browser's store about once a second, later on
    // a busy machine: wait for a copy of at least a second, so that an offer leaving it out
    // would show less than what is kept.
    await expect
      .poll(async () => (await storedRecording(page))?.openSeconds ?? 0, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(1);
    const kept = await storedRecording(page);
    const keptSeconds = (kept?.durationSeconds ?? 0) + (kept?.openSeconds ?? 0);
    // Unsaved changes: the browser asks before the page goes.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    await page.reload();
    expect(await asked).toBe('beforeunload');

    const offer = page.getByRole('region', { name: 'Unsaved recording' });
    await expect(offer).toContainText('Ben Ode');
    // The offer counts the segment that was being recorded, as the recovered page does (issue 26).
    const offered = /\(about (\d+:\d\d)\)/.exec((await offer.textContent()) ?? '')?.[1];
    expect(offered).toMatch(/^0:\d\d$/);
    const offeredSeconds = Number(offered?.slice(2));
    expect(offeredSeconds).toBeGreaterThanOrEqual(Math.floor(keptSeconds));
    expect(offeredSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000));
    await offer.getByRole('button', { name: 'Recover recording' }).click();
    await expect(page.getByRole('heading', { name: 'Ben Ode' })).toBeVisible();
    await expect(page.getByText(`Recording ready. ${offered} of audio.`)).toBeVisible();

    await generateNotes(page, SOAP);
    await expect(page.getByRole('tab', { name: SOAP })).toBeVisible({ timeout: 120_000 });
    await expectNoteWithText(page, SOAP);

    // Leaving with unsaved notes asks first; No stays, Yes ends the session.
    await button(page, 'Exit Session').click();
    const confirm = page.getByRole('dialog', { name: 'Exit session?' });
    await expect(confirm).toContainText(
      'All unsaved changes will be lost. Would you still like to exit this session?',
    );
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(noteArticle(page, SOAP)).toBeVisible();
    await button(page, 'Exit Session').click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
    // The recording went with the session: nothing to recover any more.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unsaved recording' })).toHaveCount(0);
  });

  test('opened by its address, the page fetches each of its files and asks who is signed in once', async ({
    page,
    login,
  }) => {
    await login();
    // Issue 25: the page's own HTML preloads the session probe and the page's modules. A preload
    // the page cannot use (another URL, another credentials mode) would be fetched again.
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const { origin, pathname } = new URL(request.url());
      if (origin !== E2E_BASE_URL) return;
      fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
    });
    await page.goto('/create-notes');
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
    const preloads = await page
      .locator('link[rel=modulepreload], link[rel=preload]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );

    expect(preloads).toContain(API_PATHS.sessionProbe);
    expect(preloads.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(10);
    for (const path of preloads) expect(fetched.get(path), path).toBe(1);
    const twice = [...fetched].filter(
      ([path, count]) =>
        count > 1 && (path.startsWith('/assets/') || path === API_PATHS.sessionProbe),
    );
    expect(twice).toEqual([]);
    // Who is signed in was asked once, as the app started (issue 13); the guard does not ask again.
    await expect(page.getByRole('button', { name: /Open user menu$/ })).toBeVisible();
    expect(fetched.get(API_PATHS.users)).toBe(1);
  });

  test('consent "No" blocks the session', async ({ page, login }) => {
    await login();
    await page.goto('/create-notes');

    await button(page, 'Start Session').click();
    await expect(page.getByText(VALIDATION_MESSAGES.patientNameRequired)).toBeVisible();
    await expect(page.getByText(VALIDATION_MESSAGES.consentRequired)).toBeVisible();

    await page.getByRole('textbox', { name: 'Patient Name' }).fill('Cara Diaz');
    await page.getByRole('radio', { name: 'No' }).check();
    await expect(page.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.consentRequired);
    await expect(button(page, 'Start Session')).toHaveCount(0);

    await page.getByRole('radio', { name: 'Yes' }).check();
    await expect(button(page, 'Start Session')).toBeVisible();
  });

  test('a trial user cannot choose a fifth template, nor generate without audio', async ({
    page,
    login,
  }) => {
    await login();
    await openSession(page, 'Dev Patel');

    const four = [SOAP, CERTIFICATE, 'Referral Letter', 'Progress Note'];
    for (const name of four) await templateCheckbox(page, name).check();
    await expect(page.getByText('4 of 4 selected (free trial limit)')).toBeVisible();
    await expect(templateCheckbox(page, 'Care Plan')).toBeDisabled();
    await templateCheckbox(page, 'Progress Note').uncheck();
    await expect(templateCheckbox(page, 'Care Plan')).toBeEnabled();

    // Without a recording Generate Notes does nothing.
    let uploads = 0;
    page.on('request', (request) => {
      if (/\/segments\/|\/generations/.test(request.url())) uploads += 1;
    });
    await button(page, 'Generate Notes').click();
    await expect(page.getByText('Record the consultation to generate notes.')).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    expect(uploads).toBe(0);
  });

  test('the trial allows 15 sessions and 45 notes, with the spec messages', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await login();
    const headers = { origin: E2E_BASE_URL };
    const session = {
      firstName: 'Trial Patient',
      lastName: '',
      dateOfBirth: '2000-01-01',
      appointmentTypeId: 1,
      patientConsent: true,
    };
    const templates = (await (await page.request.get(API_PATHS.templates)).json()) as {
      id: number;
    }[];
    const fourIds = templates.slice(0, 4).map((template) => template.id);
    const twoOthers = templates.slice(4, 6).map((template) => template.id);

    // 44 notes: 11 sessions with 4 notes each, from a transcript (no audio needed). A session's
    // note rewritten is one note (issue 26), so each needs its own session.
    for (let round = 0; round < 11; round += 1) {
      const created = await page.request.post(API_PATHS.patientSessions, {
        headers,
        data: session,
      });
      expect(created.status()).toBe(201);
      const { id: sessionId } = (await created.json()) as { id: number };
      const response = await page.request.post(API_PATHS.notesWithMoreTemplates, {
        headers,
        data: {
          selectedTemplates: fourIds,
          transcribedText: 'Sore throat for three days, no fever, needs a work certificate.',
          sessionId,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    }

    // With 44 notes used, two more templates would pass 45: Generate Notes is disabled.
    await openSession(page, 'Eve Stone');
    await templateCheckbox(page, SOAP).check();
    await expect(button(page, 'Generate Notes')).toBeEnabled();
    await templateCheckbox(page, CERTIFICATE).check();
    await expect(page.getByText(LIMIT_MESSAGES.trialNotesExhausted)).toBeVisible();
    await expect(button(page, 'Generate Notes')).toBeDisabled();

    // The server refuses the 46th note (two new notes in a new session).
    const another = await page.request.post(API_PATHS.patientSessions, { headers, data: session });
    expect(another.status()).toBe(201);
    const { id: anotherId } = (await another.json()) as { id: number };
    const refused = await page.request.post(API_PATHS.notesWithMoreTemplates, {
      headers,
      data: { selectedTemplates: twoOthers, transcribedText: 'Sore throat.', sessionId: anotherId },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      LIMIT_MESSAGES.trialNotesExhausted,
    );

    // Sessions: 13 made so far; up to 15, then the form is replaced by the message.
    for (let count = 13; count < 15; count += 1) {
      const response = await page.request.post(API_PATHS.patientSessions, {
        headers,
        data: session,
      });
      expect(response.status()).toBe(201);
    }
    const sixteenth = await page.request.post(API_PATHS.patientSessions, {
      headers,
      data: session,
    });
    expect(sixteenth.status()).toBe(403);
    expect(((await sixteenth.json()) as { error: { message: string } }).error.message).toBe(
      LIMIT_MESSAGES.trialSessionsExhausted,
    );

    // Leaving the open session asks first (it has unsaved changes).
    await page.getByRole('link', { name: 'My Sessions' }).click();
    await page
      .getByRole('dialog', { name: 'Exit session?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page).toHaveURL(/\/my-sessions$/);
    await page.goto('/create-notes');
    await expect(page.getByText(LIMIT_MESSAGES.trialSessionsExhausted)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Patient Name' })).toHaveCount(0);
  });
});

accountTest.describe('Create Notes: welcome and failures', () => {
  accountTest(
    'the welcome pop-up sets up audio; an unreachable server and a refused generation lose nothing',
    async ({ page, allowConsoleErrors }) => {
      accountTest.setTimeout(180_000);
      const user = createUser();
      await createAccount(page, user);
      await signInThroughForm(page, user);

      // Spec point 2: 2 s after a login, the audio set-up pop-up (device choice, mic test).
      const welcome = page.getByRole('dialog', { name: 'Set up your audio' });
      await expect(welcome).toBeVisible({ timeout: 5_000 });
      await expect(welcome.getByRole('combobox', { name: 'Microphone' })).toBeVisible();
      await expect(welcome.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
      await welcome.getByRole('button', { name: 'Start Recording' }).click();
      await welcome.getByRole('button', { name: 'Stop Recording' }).click();
      await welcome.getByRole('button', { name: 'Done' }).click();
      await expect(welcome).toBeHidden();

      await startSession(page, 'Fay Moss');
      await templateCheckbox(page, SOAP).check();

      // Issue 9: the server cannot be reached while recording. The recording goes on, the audio
      // waits in the browser and goes up once the server answers again.
      allowConsoleErrors(/net::ERR_CONNECTION_REFUSED/);
      const segmentUploads = '**/api/patient-sessions/*/segments/*';
      await page.route(segmentUploads, (route) => route.abort('connectionrefused'));
      await button(page, 'Start Recording').click();
      const offline = page.getByRole('alert').filter({ hasText: 'The server cannot be reached' });
      await expect(offline).toBeVisible({ timeout: 30_000 });
      await expect(button(page, 'Stop Recording')).toBeVisible();
      await expect(page.getByRole('timer', { name: 'Recording time' })).not.toHaveText('0:00');
      await page.unroute(segmentUploads);
      await expect(offline).toBeHidden({ timeout: 20_000 });
      await button(page, 'Stop Recording').click();
      await expect(page.getByText('Recording ready.')).toBeVisible();

      // A generation the real server refuses (here asked for more segments than were sent: 409)
      // shows the toast and keeps the session and its recording.
      allowConsoleErrors(failedRequest(409));
      const generations = '**/api/patient-sessions/*/generations';
      await page.route(generations, async (route) => {
        const body = route.request().postDataJSON() as { segmentCount: number };
        await route.continue({
          postData: JSON.stringify({ ...body, segmentCount: body.segmentCount + 5 }),
        });
      });
      await button(page, 'Generate Notes').click();
      const failure = toast(page, TOASTS.audioProcessingFailed);
      await expect(failure).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Fay Moss' })).toBeVisible();
      await expect(page.getByText('Recording ready.')).toBeVisible();
      await page.unroute(generations);

      // The same recording, as it is, makes the notes.
      await button(page, 'Generate Notes').click();
      await expectNoteWithText(page, SOAP);
    },
  );
});

test.describe('Create Notes: a long consultation', () => {
  // Issue 9: 3 minutes of speech into the microphone; the live transcript shows text while
  // recording, so at Stop most of the audio is already transcribed and only the tail is left.
  // How many seconds Stop → notes takes depends on the machine's load: that figure is measured
  // by `npm run bench:pipeline` (README), not bounded here (issue 30).
  test('3 minutes of speech: a live transcript while recording, the notes from the whole recording after Stop', async ({
    page,
    login,
  }) => {
    // Bounds a hang only: a busy machine makes every step slower (issue 30).
    test.setTimeout(600_000);
    await watchSegments(page);
    await login();
    await openSession(page, 'Gil Park');
    await templateCheckbox(page, CERTIFICATE).check();
    await templateCheckbox(page, SOAP).check();

    const startedAt = Date.now();
    await button(page, 'Start Recording').click();
    const timer = page.getByRole('timer', { name: 'Recording time' });
    await expect(liveTranscript(page)).toContainText(SPOKEN_WORDS, { timeout: 90_000 });
    // Still recording while the transcript fills in.
    await expect(button(page, 'Stop Recording')).toBeVisible();
    await expect(timer).toHaveText(/^[0-2]:\d\d$/);
    await waitForTimer(page, 180, 240_000);
    await button(page, 'Stop Recording').click();
    const stoppedAt = Date.now();
    await expect(timer).toBeHidden();
    // At most the wall time from before Start to after Stop took effect: on a busy machine the
    // click on Stop lands seconds after the timer showed 3:00 (issue 30).
    const recordedAtMost = (Date.now() - startedAt) / 1000;
    await button(page, 'Generate Notes').click();

    const sessionId = (await sentSegments(page))[0]!.sessionId;
    await expectNotesWhileTranscriptionMoves(page, {
      sessionId,
      templateNames: [CERTIFICATE, SOAP],
    });
    await expect(noteArticle(page, CERTIFICATE)).toBeVisible();
    const stopToNotesMs = Date.now() - stoppedAt;
    test
      .info()
      .annotations.push({ type: 'Stop → notes shown', description: `${stopToNotesMs} ms` });
    await expectNoteWithText(page, CERTIFICATE);

    // About 3 minutes of audio went up while recording, as segments of at most 20 s.
    const segments = await sentSegments(page);
    expect(segments.length).toBeGreaterThanOrEqual(9);
    expectWellFormedSegments(segments, segments.length);
    const recorded = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
    expect(recorded).toBeGreaterThan(179);
    expect(recorded).toBeLessThanOrEqual(recordedAtMost);
    // …and the notes were written from all of it: every segment is in the transcript, once.
    const response = await page.request.get(API_PATHS.sessionTranscript(sessionId));
    expect(response.status()).toBe(200);
    const transcript = (await response.json()) as SessionTranscript;
    expect(transcript.segments.map((segment) => segment.seq)).toEqual(
      [...new Set(segments.map((segment) => segment.seq))].sort((a, b) => a - b),
    );
    expect(transcript.segments.every((segment) => segment.status === 'transcribed')).toBe(true);
  });
});
