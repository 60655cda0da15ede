import type { SegmentAck } from '@clerkly/contracts';
import { ApiRequestError, isRetryableError } from '../../../lib/api-client';

/** One segment of a session's recording, waiting for the server to acknowledge it. */
export type PendingSegment = {
  sessionId: number;
  seq: number;
  /** 16 kHz mono 16-bit WAV. */
  audio: Blob;
  durationSeconds: number;
};

export type UploadQueueState = {
  /** Segments not acknowledged yet, and their audio length. */
  pending: number;
  pendingSeconds: number;
  /** The last attempt failed for a passing reason (offline, server down); it will try again. */
  retrying: boolean;
  /** The server refused a segment for good (e.g. a trial limit): uploads wait for `retryNow`. */
  refused: ApiRequestError | null;
};

export type UploadQueueOptions = {
  send: (segment: PendingSegment) => Promise<SegmentAck>;
  /** The server has the segment: the browser's copy can go. */
  onAcknowledged?: (segment: PendingSegment, ack: SegmentAck) => void;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
};

/** Issue 9: retried with exponential backoff, capped, while the network or the server is down. */
export const UPLOAD_BACKOFF = { initialMs: 500, maxMs: 10_000 } as const;

/** A passing failure: no answer, a timeout, or a status worth another attempt. */
function isPassing(error: unknown): boolean {
  if (isRetryableError(error)) return true;
  if (error instanceof DOMException)
    return error.name === 'TimeoutError' || error.name === 'AbortError';
  return error instanceof ApiRequestError && error.status === 408;
}

/**
 * Sends a session's segments one at a time in the order they were captured (issue 9). The server
 * stores a seq once, so a segment sent twice (a lost answer, a reload) is still one segment.
 * Recording never waits for this queue: segments pile up while the server is unreachable and go
 * out when it answers again.
 */
export class SegmentUploadQueue {
  private readonly queue = new Map<string, PendingSegment>();
  private readonly listeners = new Set<() => void>();
  private state: UploadQueueState = {
    pending: 0,
    pendingSeconds: 0,
    retrying: false,
    refused: null,
  };
  private sending = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private drainWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly options: UploadQueueOptions) {}

  getState = (): UploadQueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queues a segment; a seq already waiting is kept once. */
  add(segment: PendingSegment): void {
    this.queue.set(keyOf(segment), segment);
    this.update({});
    this.pump();
  }

  /** Resolves once every queued segment is acknowledged; rejects if the server refuses one. */
  whenDrained(): Promise<void> {
    if (this.queue.size === 0) return Promise.resolve();
    if (this.state.refused) return Promise.reject(this.state.refused);
    return new Promise((resolve, reject) => this.drainWaiters.push({ resolve, reject }));
  }

  /** Tries again at once (back online, or the user asked), forgetting the backoff. */
  retryNow(): void {
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.failures = 0;
    this.update({ refused: null });
    this.pump();
  }

  /** Stops sending (the session is left); queued segments stay in the browser's storage. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends again after `stop`. */
  start(): void {
    this.stopped = false;
    this.pump();
  }

  private next(): PendingSegment | undefined {
    let first: PendingSegment | undefined;
    for (const segment of this.queue.values()) {
      if (!first || segment.sessionId < first.sessionId) first = segment;
      else if (segment.sessionId === first.sessionId && segment.seq < first.seq) first = segment;
    }
    return first;
  }

  private pump(): void {
    if (this.sending || this.timer !== null || this.stopped || this.state.refused) return;
    const segment = this.next();
    if (!segment) {
      this.settle(null);
      return;
    }
    this.sending = true;
    this.options.send(segment).then(
      (ack) => {
        this.sending = false;
        this.failures = 0;
        this.queue.delete(keyOf(segment));
        try {
          this.options.onAcknowledged?.(segment, ack);
        } catch (error) {
          console.warn('A sent segment could not be forgotten.', error);
        }
        this.update({ retrying: false });
        this.pump();
      },
      (error: unknown) => {
        this.sending = false;
        if (this.stopped) return;
        if (isPassing(error)) {
          this.failures += 1;
          this.update({ retrying: true });
          this.timer = setTimeout(() => {
            this.timer = null;
            this.pump();
          }, this.backoffMs());
          return;
        }
        const refused =
          error instanceof ApiRequestError
            ? error
            : new ApiRequestError({
                status: 0,
                code: 'UPLOAD_FAILED',
                message: error instanceof Error ? error.message : 'The audio could not be sent.',
              });
        this.update({ retrying: false, refused });
        this.settle(refused);
      },
    );
  }

  private backoffMs(): number {
    const initial = this.options.initialBackoffMs ?? UPLOAD_BACKOFF.initialMs;
    const max = this.options.maxBackoffMs ?? UPLOAD_BACKOFF.maxMs;
    return Math.min(max, initial * 2 ** (this.failures - 1));
  }

  private settle(error: ApiRequestError | null): void {
    if (!error && this.queue.size > 0) return;
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  private update(change: Partial<UploadQueueState>): void {
    let pendingSeconds = 0;
    for (const segment of this.queue.values()) pendingSeconds += segment.durationSeconds;
    this.state = { ...this.state, ...change, pending: this.queue.size, pendingSeconds };
    for (const listener of this.listeners) listener();
  }
}

const keyOf = (segment: Pick<PendingSegment, 'sessionId' | 'seq'>) =>
  `${segment.sessionId}:${segment.seq}`;
