import type { z } from 'zod';

/** What a job handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** Aborted when the worker drains on shutdown and the job did not finish in time. */
  signal: AbortSignal;
  /** 0 on the first run, then 1, 2, ... on retries. */
  retryCount: number;
}

/** The process's job settings a job's concurrency may depend on (`AppConfig['jobs']`). */
export interface JobSettings {
  transcribeConcurrency: number;
  notesConcurrency: number;
}

/**
 * One kind of background job: its queue, the shape of its payload (checked when it is sent and
 * again when a worker receives it), its retries and what to do once they are used up.
 */
export interface JobDefinition<Payload extends object, Deps> {
  /** The pg-boss queue; the dead-letter queue is `<name>-failed`. */
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
  /**
   * At most one waiting job per key: sending a job whose key is still queued changes nothing.
   * Without a key, every send is a new job.
   */
  readonly key?: (payload: Payload) => string;
  readonly retry: {
    /** Retries after the first run, with exponential backoff from the configured delay. */
    limit: number;
    /** A job active longer than this is presumed lost (its worker vanished without a trace). */
    expireInSeconds: number;
  };
  /** Jobs of this kind run at once per process; the rest wait in the queue. */
  readonly concurrency: number | ((settings: JobSettings) => number);
  /** Must be idempotent: a job can run twice and must then produce one result. */
  readonly handle: (deps: Deps, payload: Payload, context: JobContext) => Promise<void>;
  /** Runs once a job's retries are used up; tells the clinician. */
  readonly onDead?: (deps: Deps, payload: Payload) => Promise<void>;
}

/** A job of any payload, for the lists that register them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob<Deps> = JobDefinition<any, Deps>;

export const defineJob = <Payload extends object, Deps>(
  definition: JobDefinition<Payload, Deps>,
): JobDefinition<Payload, Deps> => definition;

export const deadLetterQueue = (job: { name: string }) => `${job.name}-failed`;

/** Sends jobs; the same interface whether the workers run in this process or elsewhere. */
export interface JobSender {
  /** Of the waiting jobs, those of highest `priority` run first (default 0). */
  send<Payload extends object>(
    job: JobDefinition<Payload, never>,
    payload: Payload,
    options?: { priority?: number },
  ): Promise<void>;
  /**
   * Raises the waiting jobs of `payloads` (found by their key) to `priority`, so they run before
   * the other waiting jobs; a job already running or done is left as it is. The order among the
   * raised jobs stays the order they were sent in.
   */
  prioritise<Payload extends object>(
    job: JobDefinition<Payload, never>,
    payloads: readonly Payload[],
    priority: number,
  ): Promise<number>;
}
