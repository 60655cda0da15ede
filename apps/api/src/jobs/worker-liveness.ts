import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lt, ne, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobClaims, jobWorkers } from '../db/schema';
import { bossJobs } from './pg-boss-tables';

/** A worker refreshes its row this often… */
const HEARTBEAT_MS = 1000;
/**
 * …and is presumed dead when its row is older than this. With the heartbeat period and a worker's
 * poll, a job of a worker that vanished runs again within about 7 s (docs/decisions/008): under
 * the 10 s from Stop to notes. A live worker taken for dead only makes a job run twice, which
 * handlers are built for.
 */
const DEAD_AFTER_SECONDS = 5;

export type Claim = { jobId: string; queue: string };

/** Why a job is failed back into the queue, for the log. */
export type Orphaned =
  'previous run of this process' | 'worker stopped beating' | 'running with no worker claiming it';

/**
 * Which job worker processes are alive, and which jobs each is running (issue 9: "a worker killed
 * with SIGKILL mid-job, the job completes on the other"). pg-boss alone would only notice a lost
 * job when it expires (minutes); here every worker beats a heartbeat into `job_workers` and
 * records its jobs in `job_claims`, and a job is failed back into the queue when its worker is
 * known dead:
 *
 * - at start, by the process itself, for every job of its previous run (issue 30): on PGlite every
 *   running job, on PostgreSQL the claims of earlier workers on the same seat (host and port; no
 *   two live processes listen on one port of one host);
 * - within `DEAD_AFTER_SECONDS`, by any worker, for the claims of a worker that stopped beating,
 *   and for a job running with no claim at all (its worker died between pg-boss handing it over
 *   and the claim being written).
 */
export class WorkerLiveness {
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly workerId: string,
    private readonly role: string,
    /** `host:port` of this process, or null when it has no port of its own (tests). */
    private readonly seat: string | null,
    private readonly log: FastifyBaseLogger,
    private readonly retry: (claims: Claim[], why: Orphaned) => Promise<void>,
  ) {}

  /**
   * The embedded database has one process, so before this process runs anything, every job still
   * running belongs to its previous run, whether the claim was written or not.
   */
  async takeBackEveryRunningJob(): Promise<void> {
    const running = await this.db
      .select({ jobId: sql<string>`${bossJobs.id}::text`, queue: bossJobs.name })
      .from(bossJobs)
      .where(eq(bossJobs.state, 'active'));
    if (running.length > 0) await this.retry(running, 'previous run of this process');
    await this.db.delete(jobClaims);
    await this.db.delete(jobWorkers);
  }

  /**
   * On PostgreSQL, once this process holds its port: the workers recorded on the same seat are
   * earlier runs of this process (or of one it replaced), dead by construction.
   */
  async takeBackPreviousRuns(): Promise<void> {
    if (!this.seat) return;
    const previous = (
      await this.db
        .select({ id: jobWorkers.id })
        .from(jobWorkers)
        .where(and(eq(jobWorkers.host, this.seat), ne(jobWorkers.id, this.workerId)))
    ).map((row) => row.id);
    if (previous.length === 0) return;
    const claims = await this.db
      .select({ jobId: jobClaims.jobId, queue: jobClaims.queue })
      .from(jobClaims)
      .where(inArray(jobClaims.workerId, previous));
    if (claims.length > 0) await this.retry(claims, 'previous run of this process');
    await this.db.delete(jobClaims).where(inArray(jobClaims.workerId, previous));
    await this.db.delete(jobWorkers).where(inArray(jobWorkers.id, previous));
  }

  /** Starts the heartbeat; with other processes possible, also the watch over dead workers. */
  async start({ onlyProcess }: { onlyProcess: boolean }): Promise<void> {
    await this.beat();
    if (onlyProcess) return;
    await this.sweep();
    this.timer = setInterval(() => {
      this.beating = this.beat()
        .then(() => this.sweep())
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
    // The database's clock, not this host's: a skewed host must not look dead to the others.
    await this.db
      .insert(jobWorkers)
      .values({
        id: this.workerId,
        role: this.role,
        host: this.seat ?? 'unknown',
        pid: process.pid,
        seenAt: sql`now()`,
      })
      .onConflictDoUpdate({ target: jobWorkers.id, set: { seenAt: sql`now()` } });
  }

  /** Fails the jobs of dead workers back into the queue and forgets those workers. */
  private async sweep(): Promise<void> {
    const deadline = sql`now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`;
    const alive = (
      await this.db
        .select({ id: jobWorkers.id })
        .from(jobWorkers)
        .where(sql`${jobWorkers.seenAt} > ${deadline}`)
    ).map((row) => row.id);
    const orphans = await this.db
      .select({ jobId: jobClaims.jobId, queue: jobClaims.queue })
      .from(jobClaims)
      .where(notInArray(jobClaims.workerId, alive.length > 0 ? alive : [this.workerId]));
    if (orphans.length > 0) {
      await this.retry(orphans, 'worker stopped beating');
      await this.db.delete(jobClaims).where(
        inArray(
          jobClaims.jobId,
          orphans.map((orphan) => orphan.jobId),
        ),
      );
    }
    // A worker writes its claim right after pg-boss hands it the job; one that has not after
    // `DEAD_AFTER_SECONDS` died in between.
    const unclaimed = await this.db
      .select({ jobId: sql<string>`${bossJobs.id}::text`, queue: bossJobs.name })
      .from(bossJobs)
      .where(
        and(
          eq(bossJobs.state, 'active'),
          lt(bossJobs.startedOn, deadline),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(jobClaims)
              .where(eq(jobClaims.jobId, sql`${bossJobs.id}::text`)),
          ),
        ),
      );
    if (unclaimed.length > 0) await this.retry(unclaimed, 'running with no worker claiming it');
    await this.db
      .delete(jobWorkers)
      .where(
        and(
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
