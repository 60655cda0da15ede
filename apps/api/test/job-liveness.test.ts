import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobContext } from '../src/jobs/define-job';
import { JobQueue } from '../src/jobs/job-queue';
import { bossJobs } from '../src/jobs/pg-boss-tables';
import { buildTestApp, type TestApp } from './helper';
import { until } from './processes/harness';

/**
 * Issue 30: the jobs a worker was running when it died run again at once when it starts again,
 * not after a lease, and never a live worker's. Each queue here stands for one process's job
 * queue on the test's database (PGlite, and PostgreSQL in the second pass).
 */
let testApp: TestApp;
const queues: JobQueue[] = [];
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop(1000);
  await testApp?.close();
});

const onPostgres = () => testApp.app.database.kind === 'postgres';
let queueCounter = 0;

/** The test's job on queue `name`, handled by `handle` in the processes that work it. */
const jobOn = (
  name: string,
  handle: (data: object, context: JobContext) => Promise<void> = async () => undefined,
) =>
  defineJob({
    name,
    payload: z.object({}),
    retry: { limit: 3, expireInSeconds: 900 },
    concurrency: 1,
    handle: (_deps: null, data, context) => handle(data, context),
  });

/** A process's job queue on `port`, with one queue whose retries would wait a minute. */
async function processQueue(name: string, port: number) {
  const queue = new JobQueue(testApp.app.database, testApp.app.log, 'all', port);
  queues.push(queue);
  await queue.start();
  await queue.define(jobOn(name), { retryDelaySeconds: 60 });
  return queue;
}

/** Runs = who ran the job, with its retry count; a run by `hang` lasts until its queue stops. */
function worker(runs: string[], who: string, hang: boolean) {
  return async (_data: object, context: JobContext) => {
    runs.push(`${who}#${context.retryCount}`);
    if (hang) await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
  };
}

/** A process on `port` that works the queue `name`, one job at a time, as `worker` does. */
async function workingProcess(
  name: string,
  port: number,
  runs: string[],
  who: string,
  hang: boolean,
) {
  const queue = await processQueue(name, port);
  await queue.work(jobOn(name, worker(runs, who, hang)), null, 1);
  await queue.startWorking();
  return queue;
}

async function jobState(name: string): Promise<string | undefined> {
  const [job] = await testApp.app.database.db
    .select({ state: bossJobs.state })
    .from(bossJobs)
    .where(eq(bossJobs.name, name));
  return job?.state;
}

describe('a worker that died mid-job', () => {
  it('started again on the same seat, it runs the job of its previous run at once, not after a lease or the retry delay', async () => {
    const name = `liveness-restart-${(queueCounter += 1)}`;
    const runs: string[] = [];
    // The first run: its job is running (and its heartbeat fresh) when it "dies".
    const first = await workingProcess(name, 3171, runs, 'first run', true);
    await first.send(jobOn(name), {});
    await until('the first run to start the job', async () => runs.length === 1, 30_000);

    // The process starts again on its host and port, as after a SIGKILL.
    const second = await workingProcess(name, 3171, runs, 'second run', false);
    await second.takeBackPreviousRuns();

    await until(
      'the job to be done again',
      async () => (await jobState(name)) === 'completed',
      30_000,
    );
    expect(runs).toEqual(['first run#0', 'second run#1']);
  });

  it('a job handed to a worker that died before it recorded the claim is taken back too', async () => {
    const name = `liveness-unclaimed-${(queueCounter += 1)}`;
    const runs: string[] = [];
    const sender = await processQueue(name, 0);
    await sender.send(jobOn(name), {});
    // What pg-boss leaves when its worker dies between fetching a job and claiming it: running,
    // with no claim (on PostgreSQL, for longer than a live worker takes to write its claim).
    await testApp.app.database.db
      .update(bossJobs)
      .set({ state: 'active', startedOn: sql`now() - interval '1 minute'` })
      .where(eq(bossJobs.name, name));

    // PGlite: the process started again; PostgreSQL: any worker that looks.
    await workingProcess(name, 3172, runs, 'next', false);
    await until(
      'the job to be done again',
      async () => (await jobState(name)) === 'completed',
      30_000,
    );
    expect(runs).toEqual(['next#1']);
  });

  // Only PostgreSQL has peers: on the embedded database one process is the whole system, so the
  // case does not exist there and the test is not defined (rather than passing vacuously).
  if (process.env.TEST_DATABASE_URL) {
    it('on PostgreSQL, a worker on another seat leaves a live worker’s job alone', async () => {
      expect(onPostgres()).toBe(true);
      const name = `liveness-peer-${(queueCounter += 1)}`;
      const runs: string[] = [];
      const live = await workingProcess(name, 3173, runs, 'live', true);
      await live.send(jobOn(name), {});
      await until('the live worker to start the job', async () => runs.length === 1, 30_000);

      const peer = await workingProcess(name, 3174, runs, 'peer', false);
      await peer.takeBackPreviousRuns();
      expect(await jobState(name)).toBe('active');
      expect(runs).toEqual(['live#0']);
    });
  }
});
