import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SEGMENT_RULES,
  generationSchema,
  sessionTranscriptSchema,
} from '@clerkly/contracts';
import { sessionSegments } from '../src/db/schema';
import { bossJobs } from '../src/jobs/pg-boss-tables';
import { transcribeSegmentJob } from '../src/modules/generation/transcribe-segment.job';
import { ORIGIN, createSession, createUser } from './helper';
import { speech } from './processes/harness';
import { useTestApp } from './use-test-app';

/**
 * Issue 25, scheduling for the clinician who is waiting: once a session is stopped, its segments
 * still waiting are transcribed before the waiting segments of sessions still recording. Not a
 * timed test: it checks the order in which the one transcription worker finished the segments,
 * and that the recording session's live transcript reports the audio it is behind by.
 */

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-scheduling-'));

const recordingParts = [
  speech(workDir, 'The cough started two weeks ago and it is worse at night.'),
  speech(workDir, 'I have been taking paracetamol twice a day for the pain.'),
  speech(workDir, 'My sister had asthma when she was a child.'),
  speech(workDir, 'I sleep badly because of the cough and I feel tired.'),
  speech(workDir, 'There is no blood when I cough and no chest pain.'),
];
const stoppedPart = speech(workDir, 'I have had a sore throat for three days.');

// One transcription at a time: the order in which segments finish is the order they ran.
const testApp = useTestApp({
  jobs: { transcribeConcurrency: 1, notesConcurrency: 2, retryDelaySeconds: 1 },
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof createUser>>;

const newSession = (user: User) => createSession(testApp.app, user);

async function putSegment(user: User, sessionId: number, seq: number, wav: Buffer) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: API_PATHS.sessionSegment(sessionId, seq),
    headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': SEGMENT_RULES.mimeType },
    payload: wav,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const segmentsOf = (sessionId: number) =>
  testApp.app.database.db
    .select()
    .from(sessionSegments)
    .where(eq(sessionSegments.sessionId, sessionId));

describe('scheduling for the clinician who is waiting (issue 25)', () => {
  it("transcribes a stopped session's segment before the queued segments of a session still recording", async () => {
    const { app } = testApp;
    // One clinician, two consultations: per-clinician fairness alone would put the later
    // session's segment behind all of the earlier one's, so only the Stop can move it ahead.
    const user = await createUser(app);
    const recording = await newSession(user);
    for (const [seq, wav] of recordingParts.entries()) await putSegment(user, recording, seq, wav);
    const stopped = await newSession(user);
    await putSegment(user, stopped, 0, stoppedPart);

    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.sessionGenerations(stopped),
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { templateIds: [1], segmentCount: 1 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const generationId = generationSchema.parse(started.json()).id;

    // The recording session's segments whose jobs had not been fetched when Stop was pressed:
    // the worker runs one segment at a time, so at most one of the five has started.
    const waitingKeys = (
      await app.database.db
        .select({ key: bossJobs.singletonKey })
        .from(bossJobs)
        .where(
          and(
            eq(bossJobs.name, transcribeSegmentJob.name),
            inArray(bossJobs.state, ['created', 'retry']),
          ),
        )
    ).map((row) => row.key);
    const recordingRows = await segmentsOf(recording);
    const queuedAtStop = recordingRows.filter((row) =>
      waitingKeys.includes(transcribeSegmentJob.key!({ segmentId: row.id })),
    );
    expect(queuedAtStop.length).toBeGreaterThanOrEqual(recordingParts.length - 1);

    // Lag reporting: the recording session's live transcript says how much audio is waiting.
    const live = sessionTranscriptSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: API_PATHS.sessionTranscript(recording),
          headers: { cookie: user.cookie },
        })
      ).json(),
    );
    const waitingSeconds = recordingRows
      .filter((row) => row.status === 'queued')
      .reduce((sum, row) => sum + row.durationMs / 1000, 0);
    expect(live.pendingSeconds).toBeCloseTo(waitingSeconds, 3);
    expect(live.pendingSeconds).toBeGreaterThan(0);

    // The stopped session's notes arrive, and every segment is transcribed in the end.
    let status = 'transcribing';
    for (
      let attempt = 0;
      attempt < 1200 && status !== 'done' && status !== 'failed';
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await app.inject({
        method: 'GET',
        url: API_PATHS.generation(generationId),
        headers: { cookie: user.cookie },
      });
      status = generationSchema.parse(response.json()).status;
    }
    expect(status).toBe('done');
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      if ((await segmentsOf(recording)).every((row) => row.status === 'transcribed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const [stoppedRow] = await segmentsOf(stopped);
    expect(stoppedRow?.status).toBe('transcribed');
    const finishedAfter = (await segmentsOf(recording))
      .filter((row) => queuedAtStop.some((queued) => queued.id === row.id))
      .map((row) => {
        expect(row.status).toBe('transcribed');
        return row.updatedAt.getTime() > stoppedRow!.updatedAt.getTime();
      });
    // Every segment still queued at Stop was transcribed after the stopped session's segment.
    expect(finishedAfter).toEqual(queuedAtStop.map(() => true));

    // And the recording session's own segments ran in the order they were recorded.
    const order = (await segmentsOf(recording))
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .map((row) => row.seq);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets two stopped sessions take turns: a few seconds left do not wait for all of a long one', async () => {
    const { app } = testApp;
    const user = await createUser(app);
    const stop = async (sessionId: number, segmentCount: number) => {
      const started = await app.inject({
        method: 'POST',
        url: API_PATHS.sessionGenerations(sessionId),
        headers: { cookie: user.cookie, origin: ORIGIN },
        payload: { templateIds: [1], segmentCount },
      });
      expect(started.statusCode, started.body).toBe(202);
      return generationSchema.parse(started.json()).id;
    };
    const untilTranscribed = async (sessionId: number) => {
      for (let attempt = 0; attempt < 3000; attempt += 1) {
        const rows = await segmentsOf(sessionId);
        if (rows.every((row) => row.status === 'transcribed')) return rows;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`session ${sessionId} was not transcribed`);
    };

    // A long consultation and a short one, stopped one after the other: both clinicians wait.
    const long = await newSession(user);
    for (const [seq, wav] of recordingParts.entries()) await putSegment(user, long, seq, wav);
    const short = await newSession(user);
    await putSegment(user, short, 0, stoppedPart);
    await stop(long, recordingParts.length);
    await stop(short, 1);

    const [shortRow] = await untilTranscribed(short);
    const longRows = await untilTranscribed(long);
    // One worker: the short session's segment ran within the first turns, not after all five of
    // the long session's (as when stopped sessions went strictly oldest first).
    const longAfterShort = longRows.filter(
      (row) => row.updatedAt.getTime() > shortRow!.updatedAt.getTime(),
    );
    expect(longAfterShort.length).toBeGreaterThanOrEqual(recordingParts.length - 2);
    // The long session's segments still ran in the order they were recorded.
    expect(
      longRows.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime()).map((row) => row.seq),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});
