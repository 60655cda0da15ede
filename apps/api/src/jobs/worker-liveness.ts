import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobClaims, jobWorkers } from '../db/schema';

/** A worker refreshes its row this often… */
const HEARTBEAT_MS = 3000;
/** …and is presumed dead when its row is older than this (a few missed beats under load). */
const DEAD_AFTER_SECONDS = 15;

export type Claim = { jobId: string; queue: string };

/**
 * Which job worker processes are alive, and which jobs each is running (issue 9: "a worker killed
 * with SIGKILL mid-job, the job completes on the other"). pg-boss alone would only notice a lost
 * job when it expires; here every worker beats a heartbeat into `job_workers`, and any worker that
 * finds claims of a worker that stopped beating fails those jobs back into pg-boss's retry.
 */
export class WorkerLiveness {
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly workerId: string,
    private readonly role: string,
    private readonly log: FastifyBaseLogger,
    private readonly retryClaims: (claims: Claim[]) => Promise<void>,
  ) {}

  async start({ onlyProcess }: { onlyProcess: boolean }): Promise<void> {
    await this.beat();
    // The embedded database has one process: whatever another worker id claimed is an orphan.
    if (onlyProcess) await this.sweep({ everyOtherWorker: true });
    else await this.sweep({ everyOtherWorker: false });
    this.timer = setInterval(() => {
      this.beating = this.beat()
        .then(() => this.sweep({ everyOtherWorker: false }))
        .catch((error: unknown) =>
          this.log.warn(
            { error: error instanceof Error ? error.message : 'unknown' },
            'Worker heartbeat failed',
          ),
        );
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    await this.db
      .insert(jobWorkers)
      .values({
        id: this.workerId,
        role: this.role,
        host: hostname(),
        pid: process.pid,
        seenAt: new Date(),
      })
      .onConflictDoUpdate({ target: jobWorkers.id, set: { seenAt: new Date() } });
  }

  /** Fails the jobs of dead workers back into the queue and forgets those workers. */
  private async sweep({ everyOtherWorker }: { everyOtherWorker: boolean }): Promise<void> {
    const alive = everyOtherWorker
      ? [this.workerId]
      : (
          await this.db
            .select({ id: jobWorkers.id })
            .from(jobWorkers)
            .where(sql`${jobWorkers.seenAt} > now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`)
        ).map((row) => row.id);
    const orphans = await this.db
      .select({ jobId: jobClaims.jobId, queue: jobClaims.queue })
      .from(jobClaims)
      .where(notInArray(jobClaims.workerId, alive.length > 0 ? alive : [this.workerId]));
    if (orphans.length > 0) {
      await this.retryClaims(orphans);
      for (const orphan of orphans) {
        await this.db.delete(jobClaims).where(eq(jobClaims.jobId, orphan.jobId));
      }
    }
    await this.db
      .delete(jobWorkers)
      .where(
        everyOtherWorker
          ? ne(jobWorkers.id, this.workerId)
          : and(
              ne(jobWorkers.id, this.workerId),
              lt(jobWorkers.seenAt, sql`now() - make_interval(secs => ${DEAD_AFTER_SECONDS * 4})`),
            ),
      );
  }

  async claim(jobId: string, queue: string): Promise<void> {
    await this.db
      .insert(jobClaims)
      .values({ jobId, queue, workerId: this.workerId })
      .onConflictDoUpdate({ target: jobClaims.jobId, set: { workerId: this.workerId } });
  }

  async release(jobId: string): Promise<void> {
    await this.db
      .delete(jobClaims)
      .where(and(eq(jobClaims.jobId, jobId), eq(jobClaims.workerId, this.workerId)));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.db.delete(jobWorkers).where(eq(jobWorkers.id, this.workerId));
  }
}
