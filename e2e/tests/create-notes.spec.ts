import { API_PATHS, LIMIT_MESSAGES, TOASTS, VALIDATION_MESSAGES } from '@clerkly/contracts';
import config from '../playwright.config';
import {
  button,
  expectNoteWithText,
  noteArticle,
  record,
  sentUploads,
  signInThroughForm,
  startSession,
  templateCheckbox,
  watchUploads,
} from '../support/create-notes';
import { createAccount, failedRequest, test as accountTest, toast } from '../support/accounts';
import { createUser, expect, test } from '../support/fixtures';
import { E2E_BASE_URL, E2E_UPLOAD_LIMIT_BYTES } from '../support/server';
import { consultationWav, fakeMicrophoneArgs } from '../support/speech';

const launchWithMicrophone = () => {
  const base = config.use?.launchOptions ?? {};
  return {
    ...base,
    args: [...(base.args ?? []), ...fakeMicrophoneArgs(consultationWav())],
  };
};

// Issue 5 "Done when": the microphone is fed from a real speech WAV. The launch options replace
// the config's, so its executable and flags are kept and the fake-microphone flags added.
test.use({ launchOptions: launchWithMicrophone() });
accountTest.use({ launchOptions: launchWithMicrophone() });

const CERTIFICATE = 'Medical Certificate – Work';
const SOAP = 'SOAP Note';

test.describe('Create Notes', () => {
  test('a consultation from consent to saved notes', async ({ page, login }) => {
    test.setTimeout(240_000);
    await watchUploads(page);
    await login();
    await page.goto('/create-notes');

    await startSession(page, 'Ann Lee');
    await record(page, 20);
    await expect(page.getByText('Recording ready.')).toBeVisible();

    await templateCheckbox(page, CERTIFICATE).check();
    await templateCheckbox(page, SOAP).check();
    await button(page, 'Generate Notes').click();
    await expect(page.getByText('Hang on! Generating notes...')).toBeVisible({ timeout: 30_000 });

    // One tab per template, each with note text.
    const tabs = page.getByRole('tablist', { name: 'Notes by template' }).getByRole('tab');
    await expect(tabs).toHaveText([CERTIFICATE, SOAP], { timeout: 120_000 });
    await expectNoteWithText(page, CERTIFICATE);
    await page.getByRole('tab', { name: SOAP }).click();
    await expectNoteWithText(page, SOAP);

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

    // A later recording joins the earlier audio; the whole is sent again with the transcript.
    await record(page, 3, 'Record more');
    await expect.poll(async () => (await sentUploads(page)).length).toBe(2);
    const [firstUpload, secondUpload] = await sentUploads(page);
    expect(firstUpload?.audio).toMatchObject({
      name: 'recording.wav',
      type: 'audio/wav',
      riff: 'RIFF',
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
    });
    expect(firstUpload?.fields.prevTranscribedText).toBeUndefined();
    expect(JSON.parse(secondUpload?.fields.selectedTemplateIds ?? '[]')).toHaveLength(2);
    expect(secondUpload?.fields.prevTranscribedText).toMatch(/\p{L}/u);
    // About 3 s more audio, at 32 000 bytes a second.
    expect(secondUpload!.audio!.size - firstUpload!.audio!.size).toBeGreaterThan(2 * 32_000);
    await expect(page.getByText('Hang on! Generating notes...')).toBeHidden({ timeout: 120_000 });
    await expect(tabs).toHaveText([CERTIFICATE, SOAP]);
    await expectNoteWithText(page, SOAP);

    // Copy as rich text.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: E2E_BASE_URL,
    });
    await button(page, 'Copy').click();
    await expect(toast(page, TOASTS.copiedRich)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).not.toBe('');

    // Save Session → PATCH with both notes.
    const saved = page.waitForRequest(
      (request) =>
        request.method() === 'PATCH' && /\/api\/patient-sessions\/\d+$/.test(request.url()),
    );
    await button(page, 'Save Session').click();
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
    await page.goto('/create-notes');
    await startSession(page, 'Ben Ode');

    await button(page, 'Start Recording').click();
    await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText('0:08', {
      timeout: 20_000,
    });
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
    await offer.getByRole('button', { name: 'Recover recording' }).click();
    await expect(page.getByRole('heading', { name: 'Ben Ode' })).toBeVisible();
    await expect(page.getByText('Recording ready.')).toBeVisible();

    await templateCheckbox(page, SOAP).check();
    await button(page, 'Generate Notes').click();
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
    await page.goto('/create-notes');
    await startSession(page, 'Dev Patel');

    const four = [SOAP, CERTIFICATE, 'Referral Letter', 'Progress Note'];
    for (const name of four) await templateCheckbox(page, name).check();
    await expect(page.getByText('4 of 4 selected (free trial limit)')).toBeVisible();
    await expect(templateCheckbox(page, 'Care Plan')).toBeDisabled();
    await templateCheckbox(page, 'Progress Note').uncheck();
    await expect(templateCheckbox(page, 'Care Plan')).toBeEnabled();

    // Without a recording Generate Notes does nothing.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes(API_PATHS.upload)) uploads += 1;
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

    // 44 notes: 11 generations of 4 from a transcript (no audio needed).
    const first = await page.request.post(API_PATHS.patientSessions, { headers, data: session });
    expect(first.status()).toBe(201);
    const { id: sessionId } = (await first.json()) as { id: number };
    for (let round = 0; round < 11; round += 1) {
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
    await page.goto('/create-notes');
    await startSession(page, 'Eve Stone');
    await templateCheckbox(page, SOAP).check();
    await expect(button(page, 'Generate Notes')).toBeEnabled();
    await templateCheckbox(page, CERTIFICATE).check();
    await expect(page.getByText(LIMIT_MESSAGES.trialNotesExhausted)).toBeVisible();
    await expect(button(page, 'Generate Notes')).toBeDisabled();

    // The server refuses the 46th note.
    const refused = await page.request.post(API_PATHS.notesWithMoreTemplates, {
      headers,
      data: { selectedTemplates: fourIds.slice(0, 2), transcribedText: 'Sore throat.', sessionId },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      LIMIT_MESSAGES.trialNotesExhausted,
    );

    // Sessions: 2 made so far; up to 15, then the form is replaced by the message.
    for (let count = 2; count < 15; count += 1) {
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
    'the welcome pop-up sets up audio; a refused upload keeps the session and its recording',
    async ({ page, allowConsoleErrors }) => {
      accountTest.setTimeout(180_000);
      const user = createUser();
      await watchUploads(page);
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
      await record(page, 5);
      await templateCheckbox(page, SOAP).check();

      // The real server receives, in turn, a text file, an empty file and a file over the
      // upload limit instead of the recording: each a 4xx and the toast, and nothing is lost.
      allowConsoleErrors(failedRequest(400));
      allowConsoleErrors(failedRequest(413));
      const badRecordings = [
        Buffer.from('this is not audio'),
        Buffer.alloc(0),
        Buffer.alloc(E2E_UPLOAD_LIMIT_BYTES + 1024, 1),
      ];
      for (const buffer of badRecordings) {
        await page.route(`**${API_PATHS.upload}`, async (route) => {
          const { fields } = (await sentUploads(page)).at(-1)!;
          const response = await page.request.post(API_PATHS.upload, {
            headers: { origin: E2E_BASE_URL },
            multipart: {
              ...fields,
              audio: { name: 'recording.wav', mimeType: 'audio/wav', buffer },
            },
          });
          expect(response.status()).toBeGreaterThanOrEqual(400);
          expect(response.status()).toBeLessThan(500);
          await route.fulfill({ response });
        });
        await button(page, 'Generate Notes').click();
        const failure = toast(page, TOASTS.audioProcessingFailed);
        await expect(failure).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('heading', { name: 'Fay Moss' })).toBeVisible();
        await expect(page.getByText('Recording ready.')).toBeVisible();
        await page.unroute(`**${API_PATHS.upload}`);
        // Toasts close after 5 s; wait so the next case's toast is its own.
        await expect(failure).toBeHidden({ timeout: 10_000 });
      }

      // The same recording, sent as it is, makes the notes.
      await page.unroute(`**${API_PATHS.upload}`);
      await button(page, 'Generate Notes').click();
      await expectNoteWithText(page, SOAP);
    },
  );
});
