import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SEGMENT_RULES,
  apiErrorSchema,
  generationSchema,
  poorlyRecognised,
  segmentAckSchema,
  sessionTranscriptSchema,
  type Generation,
} from '@clerkly/contracts';
import {
  generationOutputs,
  patientSessions,
  sessionNotes,
  sessionSegments,
} from '../src/db/schema';
import { workerDepsOf } from '../src/modules/generation/generation.jobs';
import { transcribeSegmentJob } from '../src/modules/generation/transcribe-segment.job';
import { writeNote } from '../src/modules/generation/write-note.job';
import { decodingRecognisers } from './fixtures/stt/decoders';
import { startReplayServer, type ReplayServer } from './fixtures/stt/replay-server';
import {
  ORIGIN,
  buildTestApp,
  capturedLog,
  createSession,
  createUser,
  type TestApp,
} from './helper';
import { speech } from './processes/harness';
import { useTestApp } from './use-test-app';

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-pipeline-'));

const parts = [
  speech(workDir, 'I have had a sore throat for three days.'),
  speech(workDir, 'I have no fever and I am allergic to penicillin.'),
];

type User = Awaited<ReturnType<typeof createUser>>;

// The app's log, as an operator reads it: a stopped transcription says so.
const log = capturedLog('info');

const testApp = useTestApp({}, log.options);
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

const newSession = (app: TestApp['app'], user: User) => createSession(app, user);

const putSegment = (
  app: TestApp['app'],
  user: User,
  sessionId: number | string,
  seq: number | string,
  body: Buffer | string,
  contentType: string = SEGMENT_RULES.mimeType,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/patient-sessions/${sessionId}/segments/${seq}`,
    headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': contentType },
    payload: body,
  });

async function generationUntil(
  app: TestApp['app'],
  user: User,
  id: number,
  done: (generation: Generation) => boolean,
): Promise<Generation> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await app.inject({
      method: 'GET',
      url: API_PATHS.generation(id),
      headers: { cookie: user.cookie },
    });
    const generation = generationSchema.parse(response.json());
    if (done(generation)) return generation;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`generation ${id} did not finish`);
}

const finished = (generation: Generation) =>
  generation.status === 'done' || generation.status === 'failed';

describe('segments uploaded while recording', () => {
  it('stores each seq once, transcribes it in the background, and shows the live transcript', async () => {
    const { app } = testApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);

    const first = await putSegment(app, user, sessionId, 0, parts[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(segmentAckSchema.parse(first.json())).toMatchObject({ seq: 0, created: true });
    // The same segment again (a retried upload): one segment, nothing transcribed twice.
    const again = await putSegment(app, user, sessionId, 0, parts[0]!);
    expect(again.json()).toMatchObject({ seq: 0, created: false });
    expect((await putSegment(app, user, sessionId, 1, parts[1]!)).statusCode).toBe(200);

    let transcript = sessionTranscriptSchema.parse({ segments: [], text: '', pendingSeconds: 0 });
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const response = await app.inject({
        method: 'GET',
        url: API_PATHS.sessionTranscript(sessionId),
        headers: { cookie: user.cookie },
      });
      transcript = sessionTranscriptSchema.parse(response.json());
      if (transcript.segments.every((segment) => segment.status === 'transcribed')) break;
      expect(transcript.pendingSeconds).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(transcript.segments.map((segment) => segment.seq)).toEqual([0, 1]);
    expect(transcript.segments.map((segment) => segment.engine)).toEqual(['sphinx', 'sphinx']);
    expect(transcript.pendingSeconds).toBe(0);
    // The first segment's words, recognised (offline recognition of synthetic speech gets
    // "three" right, not always the whole phrase), and the second segment on its own line.
    expect(transcript.text).toMatch(/\bthree\b/);
    expect(transcript.text.split('\n')).toHaveLength(2);

    // Sealed at rest, and the audio is dropped once transcribed (no retention configured).
    const rows = await app.database.db
      .select()
      .from(sessionSegments)
      .where(eq(sessionSegments.sessionId, sessionId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.textSealed).toMatch(/^enc:v1:/);
      expect(row.audioSealed).toBeNull();
    }
  });

  it('refuses bad segments with a clear 4xx and keeps the session', async () => {
    const { app } = testApp;
    const user = await createUser(app);
    const other = await createUser(app);
    const sessionId = await newSession(app, user);
    const cases: [string, Awaited<ReturnType<typeof putSegment>>, number][] = [
      ['not a WAV', await putSegment(app, user, sessionId, 0, 'this is not audio at all'), 400],
      ['empty', await putSegment(app, user, sessionId, 0, Buffer.alloc(0)), 400],
      ['JSON', await putSegment(app, user, sessionId, 0, '{"a":1}', 'application/json'), 415],
      [
        'too large',
        await putSegment(app, user, sessionId, 0, Buffer.alloc(SEGMENT_RULES.maxBytes + 1)),
        413,
      ],
      ['negative seq', await putSegment(app, user, sessionId, -1, parts[0]!), 400],
      // Issue 23: these were read as seq 16 and 1000.
      ['hexadecimal seq', await putSegment(app, user, sessionId, '0x10', parts[0]!), 400],
      ['exponent seq', await putSegment(app, user, sessionId, '1e3', parts[0]!), 400],
      ['seq with a sign', await putSegment(app, user, sessionId, '+1', parts[0]!), 400],
      ['huge session id', await putSegment(app, user, 2 ** 31, 0, parts[0]!), 400],
      ["another user's session", await putSegment(app, other, sessionId, 0, parts[0]!), 404],
    ];
    for (const [label, response, status] of cases) {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(apiErrorSchema.parse(response.json()).error.message.length, label).toBeGreaterThan(5);
    }
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/patient-sessions/${sessionId}/segments/0`,
      headers: { 'content-type': SEGMENT_RULES.mimeType },
      payload: parts[0]!,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('segments whose header claims more audio than they hold (issue 23)', () => {
  /** A WAV with `bytes` of data under a header that says it is `format` at `rate` Hz. */
  function craftedSegment(rate: number, format: { tag: number; bits: number }, bytes: number) {
    const wav = Buffer.alloc(44 + bytes, 0x55);
    wav.write('RIFF', 0, 'ascii');
    wav.writeUInt32LE(36 + bytes, 4);
    wav.write('WAVEfmt ', 8, 'ascii');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(format.tag, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(rate, 24);
    wav.writeUInt32LE((rate * format.bits) / 8, 28);
    wav.writeUInt16LE(format.bits / 8, 32);
    wav.writeUInt16LE(format.bits, 34);
    wav.write('data', 36, 'ascii');
    wav.writeUInt32LE(bytes, 40);
    return wav;
  }
  const muLaw = { tag: 7, bits: 8 };
  const pcm8 = { tag: 1, bits: 8 };

  async function segmentsAndJobs() {
    const { db } = testApp.app.database;
    const [segments] = await db.select({ n: sql<number>`count(*)::int` }).from(sessionSegments);
    const jobs = await db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${transcribeSegmentJob.name}`,
    );
    // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
    return { segments: segments!.n, jobs: Number((jobs as { rows: { n: number }[] }).rows[0]!.n) };
  }

  it.each([
    ['mu-law at 1 Hz (32 KB read as 9 hours)', craftedSegment(1, muLaw, 32_000), /sample rate/i],
    ['PCM at 7 999 Hz', craftedSegment(7_999, pcm8, 32_000), /sample rate/i],
    ['4 minutes of 8 kHz 8-bit PCM', craftedSegment(8_000, pcm8, 1_920_000), /longer than/i],
  ])('refuses a segment of %s before storing or queueing it', async (_label, body, message) => {
    const { app } = testApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    const before = await segmentsAndJobs();
    const response = await putSegment(app, user, sessionId, 0, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.message).toMatch(message);
    expect(await segmentsAndJobs()).toEqual(before);
  });
});

describe("one clinician's queue does not hold up another's (issue 23)", () => {
  it("transcribes another clinician's segment before the rest of a long backlog", async () => {
    const { app } = testApp;
    const busy = await createUser(app);
    const other = await createUser(app);
    const busySession = await newSession(app, busy);
    const otherSession = await newSession(app, other);
    const backlog = 8;
    for (let seq = 0; seq < backlog; seq += 1) {
      const stored = await putSegment(app, busy, busySession, seq, parts[seq % 2]!);
      expect(stored.statusCode, stored.body).toBe(200);
    }
    const mine = await putSegment(app, other, otherSession, 0, parts[1]!);
    expect(mine.statusCode, mine.body).toBe(200);

    const transcriptOf = async (user: User, sessionId: number) =>
      sessionTranscriptSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/patient-sessions/${sessionId}/transcript`,
            headers: { cookie: user.cookie },
          })
        ).json(),
      );
    // Wait for the other clinician's words, then look at how much of the backlog still waits:
    // first come, first served would have transcribed all of it first.
    for (;;) {
      const transcript = await transcriptOf(other, otherSession);
      if (transcript.segments[0]?.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const busyNow = await transcriptOf(busy, busySession);
    const stillWaiting = busyNow.segments.filter((segment) => segment.status === 'queued');
    expect(stillWaiting.length).toBeGreaterThanOrEqual(2);
    // The backlog still finishes; the next tests then find the workers free.
    for (;;) {
      const transcript = await transcriptOf(busy, busySession);
      if (transcript.segments.every((segment) => segment.status !== 'queued')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

async function until<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const value = await probe();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not happen within 10 s`);
}

describe('transcription nobody waits for any more', () => {
  /** This test process's decoders busy with an utterance (idle warm ones do not count). */
  const decoding = () => decodingRecognisers(process.pid);
  // About 18 s of speech: its decoding runs for seconds, long enough to be caught running.
  const long = speech(
    workDir,
    'I have had a sore throat for three days and a cough that keeps me awake at night. ' +
      'I have no fever, I am allergic to penicillin, and I take lisinopril for my blood pressure. ' +
      'My sister had the same thing last week and it went away after a few days of rest.',
  );

  async function decodingSegment() {
    const { app } = testApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    expect((await putSegment(app, user, sessionId, 0, long)).statusCode).toBe(200);
    await until('a decoder start', decoding, (pids) => pids.length > 0);
    const [row] = await app.database.db
      .select({ id: sessionSegments.id })
      .from(sessionSegments)
      .where(eq(sessionSegments.sessionId, sessionId));
    return { app, user, sessionId, segmentId: row!.id };
  }

  /** Whether the worker logged that it stopped this segment's decoding (not that it finished). */
  const stoppedInLog = (segmentId: number) =>
    log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; segmentId?: number })
      .some(
        (entry) =>
          entry.segmentId === segmentId &&
          entry.msg === 'Transcription of a discarded segment stopped',
      );

  /** pg-boss's state of the segment's job: `completed`, not `retry`, when it stopped cleanly. */
  async function jobState(segmentId: number): Promise<string | undefined> {
    const result = await testApp.app.database.db.execute(
      sql`select state from pgboss.job where name = ${transcribeSegmentJob.name} and data->>'segmentId' = ${String(segmentId)}`,
    );
    // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
    return (result as { rows: { state: string }[] }).rows[0]?.state;
  }

  /** The segment job's state once its decoders have ended and the job is no longer active. */
  async function jobStateOnceDecodingEnds(segmentId: number): Promise<string | undefined> {
    await until('the decoders to end', decoding, (pids) => pids.length === 0);
    return until(
      'the job to end',
      () => jobState(segmentId),
      (s) => s !== 'active',
    );
  }

  it('kills the decoders of a deleted session at once and writes nothing', async () => {
    const { app, sessionId, segmentId } = await decodingSegment();
    // As deleting the clinician's account does: the session and its segments go (cascade).
    await app.database.db.delete(patientSessions).where(eq(patientSessions.id, sessionId));
    expect(await jobStateOnceDecodingEnds(segmentId)).toBe('completed');
    // Stopped, not finished: without the watch the decoders ran to the end and nothing said so.
    expect(stoppedInLog(segmentId)).toBe(true);
    const rows = await app.database.db
      .select()
      .from(sessionSegments)
      .where(eq(sessionSegments.sessionId, sessionId));
    expect(rows).toEqual([]);
  });

  it('stops decoding a segment whose session was saved (its audio dropped), leaving no text', async () => {
    const { app, user, sessionId, segmentId } = await decodingSegment();
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/patient-sessions/${sessionId}`,
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { notes: [], duration: 18, transcribedText: 'Typed by hand.', baseVersion: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await jobStateOnceDecodingEnds(segmentId)).toBe('completed');
    expect(stoppedInLog(segmentId)).toBe(true);
    const [row] = await app.database.db
      .select()
      .from(sessionSegments)
      .where(eq(sessionSegments.id, segmentId));
    expect(row).toMatchObject({ status: 'queued', textSealed: null, audioSealed: null });
  });
});

describe('generations: notes seconds after Stop', () => {
  it('waits for the segments, writes one note per template as jobs, and counts them once', async () => {
    const { app } = testApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    for (const [seq, wav] of parts.entries()) await putSegment(app, user, sessionId, seq, wav);

    const early = await app.inject({
      method: 'POST',
      url: API_PATHS.sessionGenerations(sessionId),
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { templateIds: [1, 2], segmentCount: 3 },
    });
    expect(early.statusCode).toBe(409);
    expect(apiErrorSchema.parse(early.json()).error.message).toMatch(
      /1 of the recording's 3 parts have not arrived/,
    );

    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.sessionGenerations(sessionId),
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { templateIds: [1, 2], segmentCount: 2 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = generationSchema.parse(started.json());
    const generation = await generationUntil(app, user, id, finished);
    expect(generation.status).toBe('done');
    expect(generation.outputs.map((output) => output.templateId)).toEqual([1, 2]);
    for (const output of generation.outputs) expect(output.output).toMatch(/<h2>[^<]+<\/h2>/);
    expect(generation.transcription).toMatch(/\bthree\b.*\n.+/);

    const drafts = await app.database.db
      .select()
      .from(sessionNotes)
      .where(eq(sessionNotes.sessionId, sessionId));
    expect(drafts.map((draft) => draft.templateId).sort()).toEqual([1, 2]);
    const usage = await app.inject({
      method: 'GET',
      url: API_PATHS.usage,
      headers: { cookie: user.cookie },
    });
    expect(usage.json()).toMatchObject({ notes: 2 });

    // A note job that runs a second time (a worker killed after the work, before pg-boss knew)
    // writes nothing new.
    const before = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(generationOutputs)
      .where(eq(generationOutputs.generationId, id));
    await writeNote(
      { ...workerDepsOf(app), keepAudio: false },
      { generationId: id, templateId: 1 },
      { jobId: 'again', signal: new AbortController().signal, retryCount: 0 },
    );
    const after = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(generationOutputs)
      .where(eq(generationOutputs.generationId, id));
    expect(after).toEqual(before);

    const foreign = await app.inject({
      method: 'GET',
      url: API_PATHS.generation(id),
      headers: { cookie: (await createUser(app)).cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('usage: a rewritten note of the same session and template is one note (issue 26)', () => {
  it('does not count the notes again after "Record more", only a new template', async () => {
    const { app } = testApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    const notesUsed = async () =>
      (
        await app.inject({ method: 'GET', url: API_PATHS.usage, headers: { cookie: user.cookie } })
      ).json<{ notes: number }>().notes;
    const generate = async (segmentCount: number) => {
      const started = await app.inject({
        method: 'POST',
        url: API_PATHS.sessionGenerations(sessionId),
        headers: { cookie: user.cookie, origin: ORIGIN },
        payload: { templateIds: [1, 2], segmentCount },
      });
      expect(started.statusCode, started.body).toBe(202);
      const { id } = generationSchema.parse(started.json());
      expect((await generationUntil(app, user, id, finished)).status).toBe('done');
    };

    await putSegment(app, user, sessionId, 0, parts[0]!);
    await generate(1);
    expect(await notesUsed()).toBe(2);

    // Record more: the new audio joins the old and both notes are written again.
    await putSegment(app, user, sessionId, 1, parts[1]!);
    await generate(2);
    expect(await notesUsed()).toBe(2);

    // Another template for the session is a new note; asking for a written one again is not.
    const more = await app.inject({
      method: 'POST',
      url: API_PATHS.notesWithMoreTemplates,
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { selectedTemplates: [2, 3], transcribedText: 'A sore throat.', sessionId },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(await notesUsed()).toBe(3);
  });
});

describe('a transcription service that is down', () => {
  let replay: ReplayServer;
  let downApp: TestApp;

  beforeAll(async () => {
    // Every attempt of every retry fails (3 HTTP attempts per job run, 4 runs), then it is back.
    replay = await startReplayServer([
      ...Array.from({ length: 12 }, () => ({ status: 500, fixture: 'openai-500.json' })),
      { status: 200, fixture: 'openai-verbose-json.json' },
    ]);
    downApp = await buildTestApp({
      engines: {
        stt: { kind: 'openai', baseUrl: replay.url, apiKey: 'sk-test', model: 'whisper-1' },
        notes: { kind: 'builtin' },
        timeoutMs: 10_000,
      },
    });
  });
  afterAll(async () => {
    await downApp.close();
    await replay.close();
  });

  it('ends in a clear failure after its retries, and Retry finishes the notes', async () => {
    const { app } = downApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    await putSegment(app, user, sessionId, 0, parts[0]!);
    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.sessionGenerations(sessionId),
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { templateIds: [1], segmentCount: 1 },
    });
    const { id } = generationSchema.parse(started.json());
    const failed = await generationUntil(app, user, id, finished);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/could not be transcribed.*try again/i);
    expect(replay.requests).toHaveLength(12);

    const retried = await app.inject({
      method: 'POST',
      url: API_PATHS.generationRetry(id),
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(retried.statusCode).toBe(202);
    const done = await generationUntil(app, user, id, finished);
    expect(done.status).toBe('done');
    expect(done.transcription).toMatch(/headache/);
    // Retrying is not a new generation: the note was counted once.
    const usage = await app.inject({
      method: 'GET',
      url: API_PATHS.usage,
      headers: { cookie: user.cookie },
    });
    expect(usage.json()).toMatchObject({ notes: 1 });
  });
});

// Issue 24 "Done when": a cloud engine's word confidences reach the same marks as the offline
// recogniser's. Each recorded response is replayed as recorded, and again with one word ("left",
// the side) lowered to 0.3, as a word the engine barely made out comes back.
describe.each([
  {
    engine: 'Deepgram',
    fixture: 'deepgram-nova-3-medical.json',
    stt: (url: string) => ({ kind: 'deepgram' as const, apiKey: 'dg-test', baseUrl: url }),
    lowered: (body: DeepgramBody) => {
      for (const word of body.results.channels[0]!.alternatives[0]!.words) {
        if (word.word === 'left') word.confidence = 0.3;
      }
    },
  },
  {
    engine: 'a Whisper server',
    fixture: 'faster-whisper-verbose-json.json',
    stt: (url: string) => ({
      kind: 'openai' as const,
      baseUrl: url,
      apiKey: null,
      model: 'Systran/faster-whisper-small',
    }),
    lowered: (body: WhisperBody) => {
      for (const word of [...(body.words ?? []), ...body.segments.flatMap((s) => s.words ?? [])]) {
        if (word.word.trim() === 'left') word.probability = 0.3;
      }
    },
  },
])('word confidences from $engine', ({ fixture, stt, lowered }) => {
  let replay: ReplayServer;
  let cloudApp: TestApp;

  beforeAll(async () => {
    const recorded = JSON.parse(
      readFileSync(new URL(`./fixtures/stt/${fixture}`, import.meta.url), 'utf8'),
    ) as never;
    const mumbled = structuredClone(recorded);
    lowered(mumbled);
    replay = await startReplayServer([
      { status: 200, body: recorded },
      { status: 200, body: mumbled },
    ]);
    cloudApp = await buildTestApp({
      engines: { stt: stt(replay.url), notes: { kind: 'builtin' }, timeoutMs: 10_000 },
    });
  });
  afterAll(async () => {
    await cloudApp.close();
    await replay.close();
  });

  /** A one-segment recording's SOAP note, as the notes view receives it. */
  async function soapFromRecording(): Promise<Generation> {
    const { app } = cloudApp;
    const user = await createUser(app);
    const sessionId = await newSession(app, user);
    expect((await putSegment(app, user, sessionId, 0, parts[0]!)).statusCode).toBe(200);
    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.sessionGenerations(sessionId),
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { templateIds: [1], segmentCount: 1 },
    });
    const generation = await generationUntil(
      app,
      user,
      generationSchema.parse(started.json()).id,
      finished,
    );
    expect(generation.status, generation.error ?? '').toBe('done');
    return generation;
  }

  it('marks the sentence resting on a word the engine was unsure of, and only then', async () => {
    const clear = await soapFromRecording();
    expect(clear.transcription).toMatch(/left side/);
    expect(clear.transcriptionConfidence?.length).toBeGreaterThan(10);
    expect(clear.transcriptionConfidence?.every((word) => word.confidence > 0.8)).toBe(true);
    const clearEvidence = clear.outputs[0]?.evidence ?? [];
    expect(clearEvidence.some((sentence) => /left/i.test(sentence.text))).toBe(true);
    expect(clearEvidence.filter((sentence) => sentence.uncertain)).toEqual([]);
    expect(poorlyRecognised(clear.transcriptionConfidence)).toBe(false);

    const mumbled = await soapFromRecording();
    const left = mumbled.transcriptionConfidence?.find((word) => /^left\b/i.test(word.word));
    expect(left?.confidence).toBe(0.3);
    const onLeft = (mumbled.outputs[0]?.evidence ?? []).filter((s) => /left/i.test(s.text));
    expect(onLeft.length).toBeGreaterThan(0);
    for (const sentence of onLeft) {
      expect(sentence, sentence.text).toMatchObject({ uncertain: true, confidence: 0.3 });
    }
    const others = (mumbled.outputs[0]?.evidence ?? []).filter((s) => !/left/i.test(s.text));
    expect(others.filter((sentence) => sentence.uncertain)).toEqual([]);
  });
});

interface DeepgramBody {
  results: { channels: { alternatives: { words: { word: string; confidence: number }[] }[] }[] };
}
interface WhisperBody {
  words?: { word: string; probability: number }[] | null;
  segments: { words?: { word: string; probability: number }[] | null }[];
}
