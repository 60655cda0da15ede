import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { defineJob } from '../src/jobs/define-job';
import { JobQueue } from '../src/jobs/job-queue';
import { bossJobs } from '../src/jobs/pg-boss-tables';
import { transcribeSegmentJob } from '../src/modules/generation/transcribe-segment.job';
import { buildTestApp, type TestApp } from './helper';
import { until } from './processes/harness';

/**
 * Issue 22: a job's payload is checked against its schema when it is sent and again when a worker
 * receives it, so a wrong payload never reaches a handler.
 */
let testApp: TestApp;
let queue: JobQueue | null = null;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await queue?.stop(1000);
  await testApp?.close();
});

const jobsNamed = async (name: string) =>
  testApp.app.database.db
    .select({ state: bossJobs.state })
    .from(bossJobs)
    .where(eq(bossJobs.name, name));

describe('defineJob payloads', () => {
  it('refuses to send a payload its job does not accept, and queues nothing', async () => {
    const before = await jobsNamed(transcribeSegmentJob.name);
    const refused = await testApp.app.jobs
      .send(transcribeSegmentJob, { segmentId: -1 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ZodError);
    const wrongType = await testApp.app.jobs
      .send(transcribeSegmentJob, { segmentId: '7' } as unknown as { segmentId: number })
      .catch((error: unknown) => error);
    expect(wrongType).toBeInstanceOf(ZodError);
    expect(await jobsNamed(transcribeSegmentJob.name)).toEqual(before);
  });

  it('fails a received job whose payload does not fit, without running its handler', async () => {
    const name = 'define-job-shape';
    const handled: unknown[] = [];
    // The same queue as an older release defined it, with another payload shape.
    const older = defineJob({
      name,
      payload: z.object({ count: z.string() }),
      retry: { limit: 0, expireInSeconds: 60 },
      concurrency: 1,
      handle: async () => undefined,
    });
    const current = defineJob({
      name,
      payload: z.object({ count: z.number().int() }),
      retry: { limit: 0, expireInSeconds: 60 },
      concurrency: 1,
      handle: async (_deps: null, payload) => {
        handled.push(payload);
      },
    });
    queue = new JobQueue(testApp.app.database, testApp.app.log, 'all', 0);
    await queue.start();
    await queue.define(current, { retryDelaySeconds: 1 });
    await queue.work(current, null, 1);
    await queue.startWorking();

    await queue.send(older, { count: 'three' });
    await until(
      'the job to fail',
      async () => (await jobsNamed(name)).some((job) => job.state === 'failed'),
      30_000,
    );
    expect(handled).toEqual([]);

    await queue.send(current, { count: 3 });
    await until('the well-formed job to run', async () => handled.length === 1, 30_000);
    expect(handled).toEqual([{ count: 3 }]);
  });
});
