import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobContext } from '../src/jobs/define-job';
import { JobQueue } from '../src/jobs/job-queue';
import { bossJobs } from '../src/jobs/pg-boss-tables';
import { buildTestApp, type TestApp } from './helper';
import { until } from './processes/harness';

/**
 * A queue that stops while a handler is still winding down after its abort (a decoder's process
 * being killed on a busy machine): the stop waits for the handler, so that pg-boss's record of
 * its end reaches the database before the database closes. A loaded test run once failed on the
 * write meeting a closed pool (an unhandled rejection).
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const slowToStop = (events: string[]) =>
  defineJob({
    name: 'shutdown-slow-handler',
    payload: z.object({}),
    retry: { limit: 3, expireInSeconds: 900 },
    concurrency: 1,
    handle: async (_deps: null, _data: object, context: JobContext) => {
      events.push('started');
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      // Longer than pg-boss waits after the abort.
      await delay(2500);
      events.push('ended');
      throw new Error('aborted by the shutdown');
    },
  });

describe('stopping a queue', () => {
  it('waits for a handler that ends after the drain, and its job is failed back for a retry', async () => {
    const events: string[] = [];
    const job = slowToStop(events);
    const queue = new JobQueue(testApp.app.database, testApp.app.log, 'all', 3190);
    await queue.start();
    await queue.define(job, { retryDelaySeconds: 60 });
    await queue.work(job, null, 1);
    await queue.startWorking();
    await queue.send(job, {});
    await until('the job to start', async () => events.includes('started'), 30_000);

    await queue.stop(1000);

    expect(events).toEqual(['started', 'ended']);
    const [row] = await testApp.app.database.db
      .select({ state: bossJobs.state })
      .from(bossJobs)
      .where(eq(bossJobs.name, job.name));
    expect(row?.state).toBe('retry');
  });
});
