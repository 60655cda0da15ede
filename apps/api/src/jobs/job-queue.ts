import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import {
  deadLetterQueue,
  type AnyJob,
  type JobContext,
  type JobSettings,
  type JobDefinition,
  type JobSender,
} from './define-job';
import { bossJobs } from './pg-boss-tables';
import { WorkerLiveness, type Claim, type Orphaned } from './worker-liveness';

/**
 * How often an idle worker asks the database for a job. A job sent by this process wakes its
 * workers at once (`send`), so polling only finds jobs sent by other processes, retries whose
 * backoff has passed and dead letters. On PostgreSQL other processes (`api`) send jobs: 0.5 s.
 * On the embedded database there are none, and each poll is a query through PGlite's one
 * connection, in WebAssembly on the server's own thread: issue 25 measured the 9 workers'
 * polls (18 a second) as the largest part of the server's own CPU during recording (819 of the
 * queries in a 2-clinician round, more time than all other queries together). 2 s there.
 */
const POLL_SECONDS = { postgres: 0.5, pglite: 2 } as const;

/**
 * Durable background jobs on pg-boss (issue 9), on PostgreSQL or on the embedded PGlite through
 * pg-boss's `db` adapter. Each queue runs at most `concurrency` jobs at once per process (the rest
 * wait in the queue), a handler that throws is retried with backoff, and the jobs of a worker
 * that died run again without waiting out pg-boss's expiry (`WorkerLiveness`): at once when the
 * process itself starts again, within seconds when another worker notices.
 *
 * Handlers must be idempotent: a job can run twice (a worker killed after finishing but before
 * pg-boss recorded it), and must then produce one result.
 */
/** How long a stopping queue waits for aborted handlers to end before the database closes. */
const SETTLE_MS = 10_000;

export class JobQueue implements JobSender {
  readonly workerId = randomUUID();
  private readonly boss: PgBoss;
  private readonly liveness: WorkerLiveness;
  private readonly localWorkers = new Map<string, string[]>();
  /** The jobs this process is running: how to abort each, and when it has settled. */
  private readonly inFlight = new Map<
    string,
    { controller: AbortController; settled: Promise<void> }
  >();
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly role: string,
    /** The port this process listens on; with the host, it names this process's seat. */
    port = 0,
  ) {
    this.boss = new PgBoss({
      ...database.jobsConnection,
      ...('connectionString' in database.jobsConnection ? { max: 4 } : {}),
      // Archive finished jobs after a day and delete them after a week: they hold no patient
      // data (only ids), but there is no reason to keep them.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: 30,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'Job queue error'));
    this.liveness = new WorkerLiveness(
      database.db,
      this.workerId,
      role,
      port > 0 ? `${hostname()}:${port}` : null,
      log,
      (claims, why) => this.failBack(claims, why),
    );
  }

  /**
   * Starts pg-boss. On the embedded database, a process that runs jobs is the only one there can
   * be: every job still running is an orphan of its previous run (SIGKILL, power cut), claimed or
   * not, and is failed back into the queue now, before this process's workers fetch anything.
   */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    if (this.role !== 'api' && this.database.kind === 'pglite') {
      await this.liveness.takeBackEveryRunningJob();
    }
  }

  /**
   * Creates a job's queue (and its dead-letter queue), or brings their options up to date. Every
   * process that sends the job defines it; only those whose role runs jobs also `work` it.
   */
  async define(
    job: { name: string; retry: JobDefinition<object, never>['retry']; onDead?: unknown },
    settings: { retryDelaySeconds: number },
  ): Promise<void> {
    const deadLetter = job.onDead ? deadLetterQueue(job) : undefined;
    const options: PgBoss.Queue = {
      name: job.name,
      // `short`: at most one waiting job per singleton key, so re-sending a job that is still
      // queued is a no-op.
      policy: 'short',
      retryLimit: job.retry.limit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.retry.expireInSeconds,
      ...(deadLetter ? { deadLetter } : {}),
    };
    if (deadLetter && !(await this.boss.getQueue(deadLetter))) {
      await this.boss.createQueue(deadLetter, { name: deadLetter });
    }
    if (await this.boss.getQueue(job.name)) await this.boss.updateQueue(job.name, options);
    else await this.boss.createQueue(job.name, options);
  }

  /**
   * A module's jobs: their queues are defined in every process (every role sends jobs), and their
   * handlers run in a process whose role runs jobs (`all`, `worker`).
   */
  async register<Deps>(
    jobs: readonly AnyJob<Deps>[],
    deps: Deps,
    settings: JobSettings & { retryDelaySeconds: number },
  ): Promise<void> {
    for (const job of jobs) await this.define(job, settings);
    if (this.role === 'api') return;
    for (const job of jobs) {
      const concurrency =
        typeof job.concurrency === 'number' ? job.concurrency : job.concurrency(settings);
      await this.work(job, deps, concurrency);
    }
  }

  /** Starts the liveness heartbeat (and, on PostgreSQL, the watch over dead workers). */
  async startWorking(): Promise<void> {
    await this.liveness.start({ onlyProcess: this.database.kind === 'pglite' });
  }

  /**
   * On PostgreSQL, once this process holds its port: the jobs its previous run on the same host
   * and port was running are failed back now rather than when the others notice it is gone.
   */
  async takeBackPreviousRuns(): Promise<void> {
    if (this.role === 'api' || this.database.kind === 'pglite') return;
    await this.liveness.takeBackPreviousRuns();
  }

  /** Sends a job: its payload is checked against the job's schema before it is stored. */
  async send<Payload extends object>(
    job: JobDefinition<Payload, never>,
    payload: Payload,
    options: { priority?: number } = {},
  ): Promise<void> {
    const data = job.payload.parse(payload);
    await this.boss.send(job.name, data, {
      ...(job.key ? { singletonKey: job.key(data) } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
    // A worker of this process picks it up now rather than at its next poll.
    for (const id of this.localWorkers.get(job.name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Sends `job` on a cron schedule (UTC), kept in pg-boss's own table: every process may set it,
   * pg-boss sends one job per tick across all of them, whichever process's clock monitor fires.
   */
  async schedule<Payload extends object>(
    job: JobDefinition<Payload, never>,
    cron: string,
    payload: Payload,
  ): Promise<void> {
    const data = job.payload.parse(payload);
    await this.boss.schedule(job.name, cron, data, {
      tz: 'UTC',
      ...(job.key ? { singletonKey: job.key(data) } : {}),
    });
  }

  async prioritise<Payload extends object>(
    job: JobDefinition<Payload, never>,
    payloads: readonly Payload[],
    priority: number,
  ): Promise<number> {
    const { key } = job;
    if (!key || payloads.length === 0) return 0;
    const raised = await this.database.db
      .update(bossJobs)
      .set({ priority })
      .where(
        and(
          eq(bossJobs.name, job.name),
          inArray(
            bossJobs.singletonKey,
            payloads.map((payload) => key(job.payload.parse(payload))),
          ),
          // `created` (never run) and `retry` (waiting to run again): not yet fetched.
          inArray(bossJobs.state, ['created', 'retry']),
        ),
      )
      .returning({ id: bossJobs.id });
    for (const id of this.localWorkers.get(job.name) ?? []) this.boss.notifyWorker(id);
    return raised.length;
  }

  /**
   * Runs the job's handler, at most `concurrency` jobs at a time in this process, and its
   * `onDead` for the jobs whose retries are used up. Each payload is checked against the job's
   * schema as it is received: a job stored by an older release with another shape fails loudly
   * instead of running on wrong data.
   */
  async work<Payload extends object, Deps>(
    job: JobDefinition<Payload, Deps>,
    deps: Deps,
    concurrency: number,
  ): Promise<void> {
    await this.workQueue(job.name, concurrency, (data, context) =>
      job.handle(deps, job.payload.parse(data), context),
    );
    const { onDead } = job;
    if (onDead) {
      await this.workQueue(deadLetterQueue(job), 1, (data) =>
        onDead(deps, job.payload.parse(data)),
      );
    }
  }

  private async workQueue(
    queue: string,
    concurrency: number,
    handler: (data: unknown, context: JobContext) => Promise<void>,
  ): Promise<void> {
    const ids: string[] = [];
    for (let slot = 0; slot < concurrency; slot += 1) {
      const id = await this.boss.work<object>(
        queue,
        {
          batchSize: 1,
          pollingIntervalSeconds: POLL_SECONDS[this.database.kind],
          includeMetadata: true,
        },
        async ([job]) => {
          if (!job) return;
          await this.runOne(queue, job, handler);
        },
      );
      ids.push(id);
    }
    this.localWorkers.set(queue, ids);
  }

  private async runOne(
    queue: string,
    job: PgBoss.JobWithMetadata<object>,
    handler: (data: unknown, context: JobContext) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    let settle = (): void => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    this.inFlight.set(job.id, { controller, settled });
    const started = performance.now();
    try {
      // Written before the job runs; a job left running with no claim is taken for orphaned.
      await this.liveness.claim(job.id, queue);
      await handler(job.data, {
        jobId: job.id,
        signal: controller.signal,
        retryCount: job.retryCount,
      });
      this.log.info(
        { queue, jobId: job.id, ms: Math.round(performance.now() - started) },
        'Job done',
      );
    } catch (error) {
      // Only the error's kind and message: they never carry patient text (engines promise it).
      this.log.warn(
        {
          queue,
          jobId: job.id,
          retryCount: job.retryCount,
          error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown',
        },
        'Job failed; pg-boss retries it while it has retries left',
      );
      throw error;
    } finally {
      this.inFlight.delete(job.id);
      await this.liveness.release(job.id).catch(() => undefined);
      settle();
    }
  }

  /**
   * Fails the jobs of a dead worker back into pg-boss's retry (a job that keeps killing its
   * worker still ends in the dead-letter queue), to run again now: the retry backoff is for a
   * handler that failed, not for a worker that vanished.
   */
  private async failBack(claims: Claim[], why: Orphaned): Promise<void> {
    for (const claim of claims) {
      this.log.warn(
        { queue: claim.queue, jobId: claim.jobId, why },
        'Job of a dead worker retried',
      );
      await this.boss.fail(claim.queue, claim.jobId, { reason: 'worker died' });
    }
    await this.database.db
      .update(bossJobs)
      .set({ startAfter: sql`now()` })
      .where(
        and(
          inArray(
            bossJobs.id,
            claims.map((claim) => claim.jobId),
          ),
          eq(bossJobs.state, 'retry'),
        ),
      );
    // This process's idle workers fetch them now rather than at their next poll.
    for (const queue of new Set(claims.map((claim) => claim.queue))) {
      for (const id of this.localWorkers.get(queue) ?? []) this.boss.notifyWorker(id);
    }
  }

  /**
   * Graceful drain (SIGTERM): no new jobs are fetched, running ones get `drainMs` to finish,
   * then they are aborted (child processes killed, temporary audio removed by the engines) and
   * failed back into the queue, where another worker, or this one after a restart, retries them.
   */
  async stop(drainMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const abortAll = () => {
      for (const { controller } of this.inFlight.values()) controller.abort();
    };
    const abortTimer = setTimeout(abortAll, Math.max(0, drainMs - 1000));
    try {
      await this.boss.stop({ graceful: true, timeout: drainMs, wait: true, close: true });
    } finally {
      clearTimeout(abortTimer);
      // pg-boss stops waiting after `drainMs` and fails what is still running, but a handler
      // aborted then can take longer to wind down (a decoder's process killed on a busy
      // machine). It settles here, before the caller closes the database: pg-boss records the
      // handler's end without waiting for the write, which then met a closed pool ("Cannot use
      // a pool after calling end on the pool", an unhandled rejection in a loaded test run).
      abortAll();
      await this.settleInFlight();
      await this.liveness.stop();
    }
  }

  /** Waits, at most `SETTLE_MS`, for the running handlers to end, then for what they set off. */
  private async settleInFlight(): Promise<void> {
    const running = [...this.inFlight.values()].map((job) => job.settled);
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), SETTLE_MS);
    });
    const outcome = await Promise.race([Promise.all(running), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.log.warn({ jobs: this.inFlight.size }, 'Jobs still running after shutdown; closing');
    }
    // pg-boss's completion or failure write starts in the microtasks after a handler settles.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
