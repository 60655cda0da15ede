/**
 * Issue 23, findings 10 and 7: the one-request upload.
 *
 * 10: a long upload answered 504 while its notes were written in the background. Now it answers
 * 503 with Retry-After, and the same upload sent again is answered with the finished result
 * without storing, transcribing or writing anything again. On the code before, the first answer
 * was a 504 and the retry cut, stored and transcribed the recording a second time (twice the
 * segments, a second generation).
 *
 * 7: a process killed while cutting an upload left its stored segments with no generation. Here
 * the state a killed process leaves (the upload recorded, its first segment stored) is made with
 * the real pieces, then the start-up recovery runs: a generation is started for what arrived,
 * and the client's retry cuts only the rest. The real SIGKILL is in test/processes.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_IN_PROGRESS, apiErrorSchema, uploadResponseSchema } from '@clerkly/contracts';
import { generations, sessionNotes, sessionSegments, sessionUploads } from '../src/db/schema';
import { generationDeps } from '../src/modules/generation/generation.routes';
import { uploadSeat } from '../src/modules/generation/legacy-upload.routes';
import { segmentRecording } from '../src/modules/generation/legacy-upload.segments';
import {
  finishInterruptedUploads,
  uploadKey,
} from '../src/modules/generation/legacy-upload.service';
import {
  ORIGIN,
  buildTestApp,
  createSession,
  createUser,
  type TestApp,
  postUploadForm,
} from './helper';
import { speech, twoSegmentSpeech } from './processes/harness';

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-upload-retry-'));

const shortWav = speech(
  workDir,
  'I have had a sore throat for three days. I am allergic to penicillin.',
);

/** About 40 seconds: two segments, the first cut at a pause 15 to 30 seconds in. */
const twoSegmentWav = () =>
  twoSegmentSpeech(
    workDir,
    'My knee has been painful for two weeks when I climb the stairs.',
    'We will start physiotherapy and review in four weeks.',
  );

let testApp: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  // The wait before the retryable answer, shortened so the work is certainly still going on.
  testApp = await buildTestApp({ uploadWaitMs: 1 });
  // Building the app runs the migrations: slow on a shared machine, so more than the default.
}, 180_000);
afterAll(async () => {
  await testApp.close();
  rmSync(workDir, { recursive: true, force: true });
});

const newSession = (user: User) => createSession(testApp.app, user, 'Ursula Uploadby');

async function upload(user: User, sessionId: number, audio: Buffer) {
  const form = new FormData();
  form.append('selectedTemplateIds', '[1]');
  form.append('sessionId', String(sessionId));
  form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'r.wav');
  return postUploadForm(testApp.app, form, { cookie: user.cookie });
}

const db = () => testApp.app.database.db;
const segmentsOf = (sessionId: number) =>
  db()
    .select({ seq: sessionSegments.seq })
    .from(sessionSegments)
    .where(eq(sessionSegments.sessionId, sessionId))
    .orderBy(asc(sessionSegments.seq));
const generationsOf = (sessionId: number) =>
  db()
    .select({ id: generations.id, status: generations.status })
    .from(generations)
    .where(eq(generations.sessionId, sessionId))
    .orderBy(asc(generations.id));

async function allDone(sessionId: number) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const rows = await generationsOf(sessionId);
    if (rows.length > 0 && rows.every((row) => row.status === 'done' || row.status === 'failed')) {
      return rows;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the generations did not finish');
}

describe('the one-request upload, answered while its work goes on (finding 10)', () => {
  it('answers 503 with Retry-After, and the same upload again returns the result without redoing the work', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user);

    const first = await upload(user, sessionId, shortWav);
    expect(first.statusCode, first.body).toBe(503);
    expect(first.headers['retry-after']).toBe(String(UPLOAD_IN_PROGRESS.retryAfterSeconds));
    expect(apiErrorSchema.parse(first.json()).error).toMatchObject({
      code: UPLOAD_IN_PROGRESS.code,
      message: UPLOAD_IN_PROGRESS.message,
    });
    const [generation] = await allDone(sessionId);
    expect(generation!.status).toBe('done');
    const segments = await segmentsOf(sessionId);

    const retry = await upload(user, sessionId, shortWav);
    expect(retry.statusCode, retry.body).toBe(200);
    const body = uploadResponseSchema.parse(retry.json());
    expect(body.transcription.split(/\s+/).length).toBeGreaterThan(5);
    expect(body.outputs.map((output) => output.templateId)).toEqual([1]);
    // Nothing was cut, stored, transcribed or written again.
    expect(await segmentsOf(sessionId)).toEqual(segments);
    expect(await generationsOf(sessionId)).toEqual([{ id: generation!.id, status: 'done' }]);
  });

  it('treats other bytes, or the same bytes for other notes, as a new upload', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user);
    expect((await upload(user, sessionId, shortWav)).statusCode).toBe(503);
    await allDone(sessionId);
    const other = Buffer.concat([shortWav, Buffer.alloc(3200)]);
    expect((await upload(user, sessionId, other)).statusCode).toBe(503);
    await allDone(sessionId);
    expect(await generationsOf(sessionId)).toHaveLength(2);
  });
});

describe('an upload cut off by a stop of the server (finding 7)', () => {
  it('gets notes for what was stored at restart, and the retry cuts only the rest', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user);
    const recording = twoSegmentWav();
    const file = path.join(workDir, 'upload.wav');
    writeFileSync(file, recording);

    // What a process killed after storing the first segment leaves: the upload recorded with
    // one segment cut, that segment stored and queued, no generation.
    const cut: Buffer[] = [];
    for await (const segment of segmentRecording(file)) cut.push(segment.wav);
    expect(cut.length).toBe(2);
    const stored = await testApp.app.inject({
      method: 'PUT',
      url: `/api/patient-sessions/${sessionId}/segments/0`,
      headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': 'audio/wav' },
      payload: cut[0]!,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const contentSha256 = createHash('sha256').update(recording).digest('hex');
    await db()
      .insert(sessionUploads)
      .values({
        sessionId,
        userId: user.id,
        contentSha256: uploadKey(contentSha256, [1]),
        templateIds: [1],
        segmentFrom: 0,
        segmentTo: 1,
        segmentsCut: 1,
        seat: uploadSeat(testApp.app.config),
      });

    // The restart: a generation for what arrived, its note kept as the session's draft.
    const deps = generationDeps(testApp.app);
    expect(
      await finishInterruptedUploads(deps, uploadSeat(testApp.app.config), testApp.app.log),
    ).toBe(1);
    const [partial] = await allDone(sessionId);
    expect(partial!.status).toBe('done');
    const [draft] = await db()
      .select()
      .from(sessionNotes)
      .where(eq(sessionNotes.sessionId, sessionId));
    expect(draft?.draftSealed).toBeTruthy();
    // Run again (another restart): nothing is started twice.
    expect(
      await finishInterruptedUploads(deps, uploadSeat(testApp.app.config), testApp.app.log),
    ).toBe(0);

    // The client sends the same upload again: only the second segment is cut, then the notes of
    // the whole recording are written (503 while they are), and the next retry returns them.
    expect((await upload(user, sessionId, recording)).statusCode).toBe(503);
    expect(await segmentsOf(sessionId)).toEqual([{ seq: 0 }, { seq: 1 }]);
    await allDone(sessionId);
    const retry = await upload(user, sessionId, recording);
    expect(retry.statusCode, retry.body).toBe(200);
    const body = uploadResponseSchema.parse(retry.json());
    // One line per segment: the one stored before the stop and the one cut by the retry.
    const lines = body.transcription.split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split(/\s+/).length).toBeGreaterThan(3);
    expect(await segmentsOf(sessionId)).toEqual([{ seq: 0 }, { seq: 1 }]);
    // Three recognitions and two notes on a shared machine: more than the default 90 s.
  }, 300_000);
});
