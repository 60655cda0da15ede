import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { bossJobs } from './pg-boss-tables';
import { WorkerLiveness, type Claim, type Orphaned } from './worker-liveness';

/** What a job handler gets besides its data. */
export interface JobContext {
  jobId: string;
  /** Aborted when the worker drains on shutdown and the job did not finish in time. */
  signal: AbortSignal;
  /** 0 on the first run, then 1, 2, ... on retries. */
  retryCount: number;
}

export type JobHandler<Data> = (data: Data, context: JobContext) => Promise<void>;

export interface QueueSpec {
  name: string;
  /** Retries after the first run, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job active longer than this is presumed lost (its worker vanished without a trace). */
  expireInSeconds: number;
  /** Where a job goes once its retries are used up; its handler tells the clinician. */
  deadLetter?: string;
}

/** Poll interval of idle workers in other processes; same-process sends wake a worker at once. */
const POLL_SECONDS = 0.5;

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
export class JobQueue {
  readonly workerId = randomUUID();
  private readonly boss: PgBoss;
  private readonly liveness: WorkerLiveness;
  private readonly localWorkers = new Map<string, string[]>();
  private readonly inFlight = new Map<string, AbortController>();
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

  /** Creates the queues a module uses, or brings their options up to date. */
  async defineQueues(queues: readonly QueueSpec[]): Promise<void> {
    for (const queue of queues) {
      const options: PgBoss.Queue = {
        name: queue.name,
        // `short`: at most one waiting job per singleton key, so re-sending a job that is still
        // queued is a no-op.
        policy: 'short',
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
      };
      if (queue.deadLetter && !(await this.boss.getQueue(queue.deadLetter))) {
        await this.boss.createQueue(queue.deadLetter, { name: queue.deadLetter });
      }
      if (await this.boss.getQueue(queue.name)) await this.boss.updateQueue(queue.name, options);
      else await this.boss.createQueue(queue.name, options);
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

  async send(
    queue: string,
    data: object,
    singletonKey?: string,
    options: { priority?: number } = {},
  ): Promise<void> {
    await this.boss.send(queue, data, {
      ...(singletonKey ? { singletonKey } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
    // A worker of this process picks it up now rather than at its next poll.
    for (const id of this.localWorkers.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /** Runs `handler` for `queue`, at most `concurrency` jobs at a time in this process. */
  async work<Data extends object>(
    queue: string,
    concurrency: number,
    handler: JobHandler<Data>,
  ): Promise<void> {
    const ids: string[] = [];
    for (let slot = 0; slot < concurrency; slot += 1) {
      const id = await this.boss.work<Data>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await this.runOne(queue, job, handler);
        },
      );
      ids.push(id);
    }
    this.localWorkers.set(queue, ids);
  }

  private async runOne<Data extends object>(
    queue: string,
    job: PgBoss.JobWithMetadata<Data>,
    handler: JobHandler<Data>,
  ): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(job.id, controller);
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
  }

  /**
   * Graceful drain (SIGTERM): no new jobs are fetched, running ones get `drainMs` to finish,
   * then they are aborted (child processes killed, temporary audio removed by the engines) and
   * failed back into the queue, where another worker, or this one after a restart, retries them.
   */
  async stop(drainMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const abortTimer = setTimeout(
      () => {
        for (const controller of this.inFlight.values()) controller.abort();
      },
      Math.max(0, drainMs - 1000),
    );
    try {
      await this.boss.stop({ graceful: true, timeout: drainMs, wait: true, close: true });
    } finally {
      clearTimeout(abortTimer);
      await this.liveness.stop();
    }
  }
}
