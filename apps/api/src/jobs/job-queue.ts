import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { WorkerLiveness } from './worker-liveness';

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
 * wait in the queue), a handler that throws is retried with backoff, and a worker that dies is
 * noticed by the others through `WorkerLiveness` so its jobs run again within seconds.
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
    this.liveness = new WorkerLiveness(database.db, this.workerId, role, log, (claims) =>
      this.failClaims(claims),
    );
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
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

  /**
   * Starts the liveness heartbeat for a process that runs jobs. On the embedded database this is
   * the only process there can be, so every claim left in the table is an orphan of a previous
   * run: its jobs are failed back into retry at once.
   */
  async startWorking(): Promise<void> {
    await this.liveness.start({ onlyProcess: this.database.kind === 'pglite' });
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
    await this.liveness.claim(job.id, queue);
    try {
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

  private async failClaims(claims: { jobId: string; queue: string }[]): Promise<void> {
    for (const claim of claims) {
      this.log.warn({ queue: claim.queue, jobId: claim.jobId }, 'Job of a dead worker retried');
      await this.boss.fail(claim.queue, claim.jobId, { reason: 'worker died' });
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
