#!/usr/bin/env node
// Records the two tutorial videos of the Tutorial page (spec point 2 "Tutorial", issue 6): real
// screen recordings of this app, made with Playwright's video recording in Debian's Chromium,
// converted to small H.264 mp4 files with WebVTT captions and a poster frame.
//
//   npm run build && node scripts/record-tutorials.mjs
//
// Output: apps/web/public/tutorials/{create-notes,audio-check}.{mp4,vtt,jpg} (committed, so the
// app works offline). Re-run it when the recorded screens change; rebuild the web app afterwards
// so the new files reach apps/web/dist.
//
// Environment: RECORD_PORT (default 3290), CHROMIUM_PATH (default /usr/bin/chromium).
// Needs: ffmpeg (Debian package), the built app, and optionally espeak-ng for a spoken
// consultation as the fake microphone's input.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = path.join(root, 'apps/web/public/tutorials');
const port = Number(process.env.RECORD_PORT ?? 3290);
const baseUrl = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const viewport = { width: 1280, height: 720 };
/** Keeps each mp4 well under the ~5 MB budget of issue 6. */
const X264_CRF = '23';
const MAX_MP4_BYTES = 5 * 1024 * 1024;

const log = (message) => console.log(`record-tutorials: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message) {
  console.error(`record-tutorials: ${message}`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** Seconds of audio or video in `file`. */
const durationOf = (file) =>
  Number(
    run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0'],
      file,
    ]).trim(),
  );

const hasCommand = (command, versionFlag = '--version') =>
  spawnSync(command, [versionFlag], { stdio: 'ignore' }).status === 0;

// ---------------------------------------------------------------------------------------------
// Preconditions
// ---------------------------------------------------------------------------------------------

const serverEntry = path.join(root, 'apps/api/dist/server.js');
if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  fail('build the app first: npm run build');
}
if (!hasCommand('ffmpeg', '-version')) fail('ffmpeg is missing: sudo apt-get install -y ffmpeg');
if (!existsSync(chromiumPath)) fail(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);

const work = mkdtempSync(path.join(tmpdir(), 'clerkly-tutorials-'));
const dataDir = path.join(work, 'data');
mkdirSync(dataDir);

// Playwright encodes its recordings with an ffmpeg build it downloads into its browser cache;
// this machine has Debian's ffmpeg instead (the browser tests never run `playwright install`). Point
// Playwright's cache at a folder where its expected ffmpeg path is Debian's binary.
const requireFromE2e = createRequire(path.join(root, 'e2e/package.json'));
const requireFromPlaywright = createRequire(requireFromE2e.resolve('@playwright/test'));
const playwrightCoreDir = path.dirname(
  requireFromPlaywright.resolve('playwright-core/package.json'),
);
const browsersJson = JSON.parse(
  readFileSync(path.join(playwrightCoreDir, 'browsers.json'), 'utf8'),
);
const ffmpegRevision = browsersJson.browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
if (!ffmpegRevision) fail("cannot find Playwright's ffmpeg revision in browsers.json");
const browsersPath = path.join(work, 'ms-playwright');
mkdirSync(path.join(browsersPath, `ffmpeg-${ffmpegRevision}`), { recursive: true });
symlinkSync(
  run('sh', ['-c', 'command -v ffmpeg']).trim(),
  path.join(browsersPath, `ffmpeg-${ffmpegRevision}`, 'ffmpeg-linux'),
);
process.env.PLAYWRIGHT_BROWSERS_PATH = browsersPath;
// Imported only now: Playwright reads PLAYWRIGHT_BROWSERS_PATH when it loads.
const importCommonJs = async (name) => {
  const module = await import(pathToFileURL(requireFromE2e.resolve(name)).href);
  return module.default ?? module;
};
const { chromium, request: playwrightRequest } = await importCommonJs('@playwright/test');
const { simpleParser } = await importCommonJs('mailparser');

// ---------------------------------------------------------------------------------------------
// The app, on a fresh data folder (as e2e/support/global-setup.ts starts it)
// ---------------------------------------------------------------------------------------------

async function startServer() {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    // Production refuses keys inside DATA_DIR (issue 23).
    KEYS_DIR: path.join(work, 'keys'),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'off',
    // The consultation language model (issue 15) heard this spoken consultation best: the
    // general one turned "throat" into "throw" and lost the plan.
    SPHINX_MODEL: 'consultation',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: 'inherit' });
  const exited = new Promise((_, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited with code ${code}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error('server did not become ready in 30 s');
  })();
  await Promise.race([ready, exited]);
  return async () => {
    server.removeAllListeners('exit');
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  };
}

/** The latest code the app e-mailed to `email` (its outbox, as the e2e tests read it). */
async function latestCode(email) {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => file.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      if (to?.value[0]?.address?.toLowerCase() !== email) continue;
      const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`no code e-mailed to ${email}`);
}

/** A confirmed account with a profession, so sign-in goes straight to Create Notes. */
async function createAccount({ profession, ...user }) {
  const api = await playwrightRequest.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { origin: baseUrl },
  });
  const expectOk = async (response) => {
    if (!response.ok())
      throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  };
  await expectOk(
    await api.post('/api/auth/sign-up/email', {
      data: { ...user, name: `${user.firstName} ${user.lastName}` },
    }),
  );
  await expectOk(
    await api.post('/api/auth/email-otp/verify-email', {
      data: { email: user.email, otp: await latestCode(user.email) },
    }),
  );
  await expectOk(await api.put('/api/users/profile', { data: { profession } }));
  await api.dispose();
}

// ---------------------------------------------------------------------------------------------
// Recording helpers
// ---------------------------------------------------------------------------------------------

// Headless recordings show no mouse pointer; this draws one so viewers can follow the clicks.
const POINTER_SCRIPT = `(() => {
  if (window.top !== window) return;
  const install = () => {
    const dot = document.createElement('div');
    dot.setAttribute('aria-hidden', 'true');
    Object.assign(dot.style, {
      position: 'fixed', left: '0', top: '0', width: '22px', height: '22px',
      margin: '-11px 0 0 -11px', borderRadius: '50%', pointerEvents: 'none',
      zIndex: '2147483647', background: 'rgba(11, 114, 133, 0.30)',
      border: '2px solid rgba(11, 114, 133, 0.95)', transform: 'translate(-100px, -100px)',
      transition: 'background 120ms ease',
    });
    document.documentElement.appendChild(dot);
    addEventListener('mousemove', (event) => {
      dot.style.transform = 'translate(' + event.clientX + 'px, ' + event.clientY + 'px)';
    }, true);
    addEventListener('mousedown', () => { dot.style.background = 'rgba(11, 114, 133, 0.85)'; }, true);
    addEventListener('mouseup', () => { dot.style.background = 'rgba(11, 114, 133, 0.30)'; }, true);
  };
  if (document.documentElement) install();
  else addEventListener('DOMContentLoaded', install);
})();`;

// Chromium's fake devices call themselves "Fake Default Audio Input" and so on, and no flag
// renames them (issue 14: the videos showed those names). The devices stay Chromium's fakes,
// fed by the spoken consultation; only the names the page lists are the ones a clinician's
// computer would show. The app is not changed: this script alone renames, while filming.
const DEVICE_NAMES_SCRIPT = `(() => {
  const names = {
    'Fake Default Audio Input': 'Default - Built-in Microphone',
    'Fake Audio Input 1': 'Built-in Microphone',
    'Fake Audio Input 2': 'USB Headset Microphone',
    'Fake Default Audio Output': 'Default - Built-in Speakers',
    'Fake Audio Output 1': 'Built-in Speakers',
    'Fake Audio Output 2': 'USB Headset',
  };
  const original = MediaDevices.prototype.enumerateDevices;
  MediaDevices.prototype.enumerateDevices = async function enumerateDevices() {
    const devices = await original.call(this);
    return devices.map((device) => {
      const label = names[device.label] ?? device.label;
      const { deviceId, groupId, kind } = device;
      return { deviceId, groupId, kind, label, toJSON: () => ({ deviceId, groupId, kind, label }) };
    });
  };
})();`;

/** A recording session: a fresh browser context whose page is filmed, with timed captions. */
async function startRecording(browser, name) {
  const videoDir = path.join(work, name);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: 1,
    recordVideo: { dir: videoDir, size: viewport },
  });
  await context.addInitScript(POINTER_SCRIPT);
  await context.addInitScript(DEVICE_NAMES_SCRIPT);
  const page = await context.newPage();
  const startedAt = Date.now();
  const captions = [];
  let trimStart = 0;
  let posterAt = null;
  const now = () => (Date.now() - startedAt) / 1000;

  return {
    context,
    page,
    /** Cuts the blank page before the first screen is ready. */
    markStart: () => {
      trimStart = now();
    },
    caption: (text) => captions.push({ start: now(), text }),
    markPoster: () => {
      posterAt = now();
    },
    finish: async () => {
      const video = page.video();
      const end = now();
      await context.close();
      return { webm: await video.path(), captions, trimStart, posterAt, end };
    },
  };
}

async function pointAt(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 20 });
  await sleep(250);
}

async function clickOn(page, locator) {
  await pointAt(page, locator);
  await locator.click();
  await sleep(500);
}

async function typeInto(page, locator, text) {
  await clickOn(page, locator);
  await locator.pressSequentially(text, { delay: 55 });
  await sleep(300);
}

/** Whether the control is on screen within `timeout`: steps of screens still being built are skipped. */
async function present(locator, timeout = 2500) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Output: mp4 (H.264), WebVTT captions, poster
// ---------------------------------------------------------------------------------------------

const timestamp = (seconds) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
};

function writeCaptions(file, captions, trimStart, end) {
  const cues = captions.map((caption, index) => {
    const start = caption.start - trimStart;
    const stop = (captions[index + 1]?.start ?? end) - trimStart;
    return `${index + 1}\n${timestamp(start)} --> ${timestamp(stop)}\n${caption.text}\n`;
  });
  writeFileSync(file, `WEBVTT\n\n${cues.join('\n')}`);
}

function encode(name, { webm, captions, trimStart, posterAt, end }) {
  mkdirSync(outputDir, { recursive: true });
  const mp4 = path.join(outputDir, `${name}.mp4`);
  // H.264 + yuv420p plays in every browser; +faststart lets playback begin before the download ends.
  run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-ss', trimStart.toFixed(3), '-i', webm],
    ...['-c:v', 'libx264', '-preset', 'slow', '-crf', X264_CRF, '-tune', 'stillimage'],
    ...['-pix_fmt', 'yuv420p', '-r', '25', '-movflags', '+faststart', '-an'],
    mp4,
  ]);
  writeCaptions(path.join(outputDir, `${name}.vtt`), captions, trimStart, end);
  run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-ss', Math.max(0, (posterAt ?? end / 2) - trimStart).toFixed(3), '-i', mp4],
    ...['-frames:v', '1', '-q:v', '4'],
    path.join(outputDir, `${name}.jpg`),
  ]);
  const bytes = statSync(mp4).size;
  const seconds = durationOf(mp4);
  log(`${name}.mp4: ${(bytes / 1024 / 1024).toFixed(2)} MB, ${seconds.toFixed(1)} s`);
  if (bytes > MAX_MP4_BYTES) throw new Error(`${name}.mp4 is over 5 MB`);
}

// ---------------------------------------------------------------------------------------------
// The two tutorials
// ---------------------------------------------------------------------------------------------

/** "How to create patient notes?": sign in, open Create Notes and run a session. */
async function recordCreateNotes(browser, user, speech) {
  const recording = await startRecording(browser, 'create-notes');
  const { page, caption } = recording;

  await page.goto('/login');
  await page.getByRole('heading', { name: 'Welcome!' }).waitFor();
  recording.markStart();
  await sleep(600);
  caption('Sign in to Clerkly with your e-mail address and password.');
  await typeInto(page, page.getByLabel('Email'), user.email);
  await typeInto(page, page.getByLabel(/^Password/).first(), user.password);
  await clickOn(page, page.getByRole('button', { name: 'Login' }));
  await page.waitForURL(/\/create-notes/);
  await page.getByRole('heading', { name: 'Create Notes', level: 1 }).waitFor();
  caption('You land on Create Notes: every patient session starts here.');
  // After signing in, a welcome pop-up offers the audio set-up 2 s later (spec point 2).
  const welcome = page.getByRole('dialog');
  if (await present(welcome, 3500)) {
    caption('The welcome pop-up helps you set up your microphone; close it when you are ready.');
    await sleep(3500);
    // Closed with a click the viewer sees; Escape only when the pop-up has no such button.
    const close = welcome.getByRole('button', { name: /close|skip|continue|done|got it/i });
    if (await present(close, 500)) await clickOn(page, close.first());
    else await page.keyboard.press('Escape');
    await welcome.first().waitFor({ state: 'hidden', timeout: 5000 });
  }
  await sleep(1500);
  recording.markPoster();

  // The session flow of spec point 2 "Create Notes", step by step as far as this build has it.
  let sessionSteps = 0;
  const patientName = page.getByLabel(/patient name/i);
  if (await present(patientName)) {
    caption("Enter the patient's name and choose the appointment type.");
    await typeInto(page, patientName, 'Pat Example');
    sessionSteps += 1;
    const consent = page.getByRole('radio', { name: /^yes$/i });
    if (await present(consent, 1000)) {
      caption("Record the patient's consent: the session needs a Yes.");
      await clickOn(page, consent);
    }
    const startSession = page.getByRole('button', { name: 'Start Session' });
    if (await present(startSession, 1000)) await clickOn(page, startSession);
  }
  // Without the session form this build has no session flow yet: do not wait for its steps.
  const wait = (ms) => (sessionSteps > 0 ? ms : 300);
  const startRecordingButton = page.getByRole('button', { name: /start recording/i });
  if (await present(startRecordingButton, wait(4000))) {
    caption('Start recording and hold the consultation as usual.');
    await clickOn(page, startRecordingButton);
    const recordingSince = Date.now();
    const liveTranscript = page.getByRole('region', { name: 'Live transcript' });
    // The words appear a few seconds after each pause; say so once the first ones are there.
    if (
      (await present(liveTranscript, 5000)) &&
      (await liveTranscript
        .getByText('Nothing recognised yet.')
        .waitFor({ state: 'hidden', timeout: 20_000 })
        .then(() => true)
        .catch(() => false))
    ) {
      caption('The live transcript shows what Clerkly hears, a few seconds after each pause.');
    }
    // The whole consultation is heard, then the pause after it (the file then stays silent).
    const speechMs = ((speech?.speechSeconds ?? 5) + SPEECH_TAIL_SECONDS) * 1000;
    await sleep(Math.max(0, recordingSince + speechMs - Date.now()));
    const stop = page.getByRole('button', { name: /stop recording/i });
    if (await present(stop, 1000)) {
      caption('Stop recording when the consultation is over.');
      await clickOn(page, stop);
    }
    // Not yet generating: the transcript of the last words is on screen before the next step.
    await present(liveTranscript.getByText(/^Draft: the notes are written/), 60_000);
    await sleep(1500);
    sessionSteps += 1;
  }
  const template = page.getByRole('checkbox', { name: /SOAP Note/ });
  if (await present(template, wait(3000))) {
    caption('Choose the templates to write: one set of notes per template.');
    if (!(await template.first().isChecked())) await clickOn(page, template.first());
    sessionSteps += 1;
  }
  const generate = page.getByRole('button', { name: 'Generate Notes' });
  if ((await present(generate, wait(1000))) && (await generate.first().isEnabled())) {
    caption('Generate Notes: Clerkly transcribes the recording and writes the notes.');
    await clickOn(page, generate.first());
    const save = page.getByRole('button', { name: 'Save Session' });
    if (await present(save, 120_000)) {
      caption('Review and edit each note, copy it, then Save Session.');
      recording.markPoster();
      await sleep(3000);
      // The last sections are below the fold: show them before saving.
      const lastSection = page.getByRole('heading', { name: 'Plan' });
      if (await present(lastSection, 500)) {
        await pointAt(page, lastSection.first());
        await page.mouse.wheel(0, 320);
        await sleep(3500);
      }
      await clickOn(page, save);
      await sleep(2500);
    }
    sessionSteps += 1;
  }
  if (sessionSteps === 0) {
    caption(
      "Here you enter the patient's name, appointment type and consent, record the " +
        'consultation, choose your templates and generate the notes.',
    );
    await sleep(5000);
  }
  await sleep(1500);
  return recording.finish();
}

/** "Setting up your Audio": Audio Check before the first patient session. */
async function recordAudioCheck(browser, user) {
  const recording = await startRecording(browser, 'audio-check');
  const { page, context, caption } = recording;
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseUrl },
    data: { email: user.email, password: user.password },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);

  await page.goto('/create-notes');
  await page.getByRole('heading', { name: 'Create Notes', level: 1 }).waitFor();
  recording.markStart();
  await sleep(500);
  caption('Before your first patient session, set up your audio.');
  await sleep(1500);
  caption('Open Audio Check in the sidebar.');
  await clickOn(
    page,
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'Audio Check',
    }),
  );
  await page.getByRole('heading', { name: 'Audio Check', level: 1 }).waitFor();
  await page.getByText('Connected', { exact: true }).waitFor();
  caption('Clerkly lists your speakers and microphones. Choose the speaker to use…');
  await sleep(1200);
  await clickOn(page, page.getByRole('combobox', { name: 'Speaker' }));
  await clickOn(page, page.getByRole('option').nth(1));
  caption('…and the microphone you will record with.');
  await clickOn(page, page.getByRole('combobox', { name: 'Microphone' }));
  await clickOn(page, page.getByRole('option').nth(1));
  caption('Connected means the microphone is ready.');
  await pointAt(page, page.getByText('Connected', { exact: true }));
  await sleep(2200);
  caption('In Mic Test, click Start Recording and speak: the bars move with your voice.');
  await clickOn(page, page.getByRole('button', { name: 'Start Recording' }));
  await pointAt(page, page.getByRole('img', { name: 'Microphone input level' }));
  recording.markPoster();
  await sleep(6000);
  caption('Click Stop Recording when you are done. You are ready for your first session.');
  await clickOn(page, page.getByRole('button', { name: 'Stop Recording' }));
  await sleep(3000);
  return recording.finish();
}

// ---------------------------------------------------------------------------------------------

// The consultation the fake microphone plays. It is transcribed for real by the app's offline
// recogniser (pocketsphinx), so the words, voice and pace are the ones it hears well: short,
// common words in whole sentences, spoken slower than espeak-ng's default 175 wpm. Chosen by
// transcribing candidates with `npm run -s cli -- transcribe` under both language models
// (issue 14: espeak-ng's default voice at 150 wpm was misheard and the note was garbled).
const CONSULTATION = {
  // espeak-ng's Klatt voice 2: its default voice was misheard far more often.
  voice: 'en-us+klatt2',
  wordsPerMinute: 140,
  text:
    'What brings you in today? I have a sore throat and a high temperature, for three days ' +
    'now. On examination, your throat is red, and your temperature is thirty nine degrees. ' +
    'My impression is a viral throat infection. I want to prescribe ibuprofen three times a ' +
    'day. We will follow up in seven days if you are not better.',
};
/**
 * Silence before the first word: the app captures from a moment after the microphone opens
 * (Chromium starts the file then), and the opening question was cut off without it.
 */
const SILENCE_LEAD_SECONDS = 1.5;
/** Recording goes on this long after the last word, so the app hears the final pause. */
const SPEECH_TAIL_SECONDS = 2;
/**
 * Silence after the speech, longer than the tail plus the click on Stop: Chromium plays the
 * file in a loop, and the consultation must not start again before the recording stops.
 */
const SILENCE_PAD_SECONDS = 10;

/**
 * The spoken consultation as the fake microphone's file (16 kHz mono WAV framed by silence),
 * and when its last word ends; null without espeak-ng.
 */
function consultationAudio() {
  if (!hasCommand('espeak-ng')) return null;
  const raw = path.join(work, 'consultation-raw.wav');
  const wav = path.join(work, 'consultation.wav');
  run('espeak-ng', [
    ...['-v', CONSULTATION.voice, '-s', String(CONSULTATION.wordsPerMinute), '-w', raw],
    CONSULTATION.text,
  ]);
  run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', raw],
    ...['-af', `adelay=${SILENCE_LEAD_SECONDS * 1000},apad=pad_dur=${SILENCE_PAD_SECONDS}`],
    ...['-ar', '16000', '-ac', '1', wav],
  ]);
  return { file: wav, speechSeconds: SILENCE_LEAD_SECONDS + durationOf(raw) };
}

let stopServer = async () => {};
let browser;
try {
  log(`starting the app on ${baseUrl}`);
  stopServer = await startServer();
  const user = {
    // A fresh data folder every run, so a fixed, readable address is free.
    email: 'alex.morgan@example.test',
    password: 'Tut0rial$ecret',
    firstName: 'Alex',
    lastName: 'Morgan',
    profession: 'General Practitioner',
  };
  await createAccount(user);

  const speech = consultationAudio();
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
      ...['--disable-background-networking', '--disable-component-update', '--disable-sync'],
      // Fake microphones and speakers, with the consultation as microphone input.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(speech ? [`--use-file-for-fake-audio-capture=${speech.file}`] : []),
    ],
  });

  log('recording "Create Notes"');
  encode('create-notes', await recordCreateNotes(browser, user, speech));
  log('recording "Audio Check"');
  encode('audio-check', await recordAudioCheck(browser, user));
  log(`done: ${path.relative(root, outputDir)}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stopServer();
  rmSync(work, { recursive: true, force: true });
}
