import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, sessionTranscriptSchema } from '@clerkly/contracts';
import config from '../playwright.config';
import { test, expect } from '../support/accounts';
import {
  button,
  expectNoteWithText,
  liveTranscript,
  startSession,
  templateCheckbox,
} from '../support/create-notes';
import { createUser } from '../support/fixtures';
import { OwnServer } from '../support/own-server';
import { E2E_PORT } from '../support/server';
import { fakeMicrophoneArgs, longConsultationWav } from '../support/speech';

const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), ...fakeMicrophoneArgs(longConsultationWav(200))],
  },
});

const SOAP = 'SOAP Note';

// Issue 9 "Done when": the server is killed with SIGKILL in the middle of a recording and started
// again; the recording goes on, and after Stop the notes come within 10 s, from a transcript that
// covers the audio from before and after the crash.
test('the server killed with SIGKILL mid-recording: the recording goes on and the notes come', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(420_000);
  // While the server is down, the page's uploads and polls fail; that is the point.
  allowConsoleErrors(/ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch/);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clerkly-crash-'));
  const server = new OwnServer(E2E_PORT + 7, dataDir);
  try {
    await server.start();
    const user = createUser();
    const headers = { origin: server.url };
    const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers,
      data: { ...user, name: `${user.firstName} ${user.lastName}` },
    });
    expect(signUp.status()).toBe(200);
    const verify = await page.request.post(`${server.url}/api/auth/email-otp/verify-email`, {
      headers,
      data: { email: user.email, otp: await server.latestCode(user.email) },
    });
    expect(verify.status()).toBe(200);
    const profile = await page.request.put(`${server.url}/api/users/profile`, {
      headers,
      data: { profession: 'General Practitioner' },
    });
    expect(profile.status()).toBe(200);

    await page.goto(`${server.url}/create-notes`);
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(API_PATHS.patientSessions),
    );
    await startSession(page, 'Kim Crash');
    const sessionId = ((await (await created).json()) as { id: number }).id;
    await templateCheckbox(page, SOAP).check();
    await button(page, 'Start Recording').click();
    const timer = page.getByRole('timer', { name: 'Recording time' });

    // Some of the consultation is transcribed, then the server dies mid-recording.
    await expect(liveTranscript(page)).toContainText(/\p{L}{3,}/u, { timeout: 120_000 });
    await server.kill('SIGKILL');
    const killedAt = await timer.textContent();

    // The recording goes on while the server is down…
    await expect(button(page, 'Stop Recording')).toBeVisible();
    await page.waitForFunction(
      (before) => {
        const now = document.querySelector('[role="timer"]')?.textContent ?? '';
        const seconds = (text: string) =>
          text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
        return seconds(now) >= seconds(before ?? '0:00') + 15;
      },
      killedAt,
      { timeout: 60_000 },
    );
    // …and after the restart it is uploaded and transcribed.
    await server.start();
    const restartedAt = await timer.textContent();
    await page.waitForFunction(
      (before) => {
        const now = document.querySelector('[role="timer"]')?.textContent ?? '';
        const seconds = (text: string) =>
          text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
        return seconds(now) >= seconds(before ?? '0:00') + 30;
      },
      restartedAt,
      { timeout: 90_000 },
    );
    await button(page, 'Stop Recording').click();
    const stoppedAt = Date.now();
    const recordedSeconds = await page.evaluate(() => {
      const text = document.querySelector('[role="timer"]')?.textContent ?? '0:00';
      return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    });
    await button(page, 'Generate Notes').click();
    await expect(page.getByRole('article', { name: `${SOAP} note` })).toBeVisible({
      timeout: Math.max(0, 10_000 - (Date.now() - stoppedAt)),
    });
    console.log(`Stop → notes shown after a crash: ${Date.now() - stoppedAt} ms`);
    await expectNoteWithText(page, SOAP);

    // The session's transcript covers the whole recording: before and after the crash.
    const response = await page.request.get(
      `${server.url}${API_PATHS.sessionTranscript(sessionId)}`,
    );
    const transcript = sessionTranscriptSchema.parse(await response.json());
    const seqs = transcript.segments.map((segment) => segment.seq);
    expect(seqs).toEqual(seqs.map((_, index) => index));
    expect(transcript.segments.every((segment) => segment.status === 'transcribed')).toBe(true);
    const covered = transcript.segments.reduce((sum, s) => sum + s.durationSeconds, 0);
    expect(covered).toBeGreaterThan(recordedSeconds - 3);
    expect(transcript.segments.at(-1)?.text).toMatch(/\p{L}{3,}/u);
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
