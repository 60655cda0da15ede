import type { SegmentAck } from '@clerkly/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiNetworkError, ApiRequestError } from '../../../lib/api-client';
import { SegmentUploadQueue, UPLOAD_BACKOFF, type PendingSegment } from './segment-upload-queue';

/**
 * A server that keeps a session's segments by seq (storing a seq twice is one segment), and that
 * can be down: each call while down fails like a dropped connection or a 503.
 */
function fakeServer() {
  const stored = new Map<number, number>();
  const calls: { seq: number; at: number }[] = [];
  let down: 'network' | 503 | null = null;
  const send = vi.fn(async (segment: PendingSegment): Promise<SegmentAck> => {
    calls.push({ seq: segment.seq, at: Date.now() });
    await Promise.resolve();
    if (down === 'network') throw new ApiNetworkError('Network Error');
    if (down === 503) {
      throw new ApiRequestError({ status: 503, code: 'UNAVAILABLE', message: 'Busy' });
    }
    const created = !stored.has(segment.seq);
    stored.set(segment.seq, (stored.get(segment.seq) ?? 0) + 1);
    return { seq: segment.seq, status: 'queued', created };
  });
  return {
    send,
    calls,
    stored,
    setDown: (value: typeof down) => {
      down = value;
    },
  };
}

const segment = (seq: number, durationSeconds = 10): PendingSegment => ({
  sessionId: 42,
  seq,
  audio: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
  durationSeconds,
});

describe('SegmentUploadQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the segments one at a time, in the order they were captured', async () => {
    const server = fakeServer();
    const acknowledged: number[] = [];
    const queue = new SegmentUploadQueue({
      send: server.send,
      onAcknowledged: (sent) => acknowledged.push(sent.seq),
    });
    queue.add(segment(0));
    queue.add(segment(2));
    queue.add(segment(1));
    expect(queue.getState()).toMatchObject({ pending: 3, pendingSeconds: 30 });

    await queue.whenDrained();
    expect(server.calls.map((call) => call.seq)).toEqual([0, 1, 2]);
    expect(acknowledged).toEqual([0, 1, 2]);
    expect(queue.getState()).toMatchObject({ pending: 0, pendingSeconds: 0, retrying: false });
  });

  it('keeps trying with a growing wait, capped, while the server is down, then sends it once', async () => {
    const server = fakeServer();
    server.setDown('network');
    const queue = new SegmentUploadQueue({ send: server.send });
    const drained = vi.fn();
    queue.add(segment(0));
    void queue.whenDrained().then(drained);

    // Down for two minutes: attempts at 0, 0.5, 1.5, 3.5, 7.5, 15.5, 25.5, 35.5... s.
    await vi.advanceTimersByTimeAsync(60_000);
    const waits = server.calls.slice(1).map((call, index) => call.at - server.calls[index]!.at);
    expect(waits.slice(0, 6)).toEqual([500, 1000, 2000, 4000, 8000, UPLOAD_BACKOFF.maxMs]);
    expect(Math.max(...waits)).toBe(UPLOAD_BACKOFF.maxMs);
    expect(queue.getState()).toMatchObject({ pending: 1, retrying: true, refused: null });
    expect(drained).not.toHaveBeenCalled();

    // A 503 is passing too; then the server answers and the segment is stored once.
    server.setDown(503);
    await vi.advanceTimersByTimeAsync(10_000);
    server.setDown(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(drained).toHaveBeenCalled();
    expect([...server.stored]).toEqual([[0, 1]]);
    expect(queue.getState()).toMatchObject({ pending: 0, retrying: false });
  });

  it('sends again at once when asked, without waiting for the backoff', async () => {
    const server = fakeServer();
    server.setDown('network');
    const queue = new SegmentUploadQueue({ send: server.send });
    queue.add(segment(0));
    await vi.advanceTimersByTimeAsync(40_000);
    const attempts = server.calls.length;

    server.setDown(null);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.length).toBe(attempts + 1);
    expect(queue.getState().pending).toBe(0);
  });

  it('is idempotent: a segment added again, or re-sent after a lost answer, is stored once', async () => {
    const server = fakeServer();
    let loseAnswer = true;
    const send = vi.fn(async (sent: PendingSegment) => {
      const ack = await server.send(sent);
      // The server stored it, but the answer never reached the browser.
      if (loseAnswer) {
        loseAnswer = false;
        throw new ApiNetworkError('Network Error');
      }
      return ack;
    });
    const queue = new SegmentUploadQueue({ send });
    queue.add(segment(0));
    queue.add(segment(0));
    await vi.advanceTimersByTimeAsync(1000);
    await queue.whenDrained();

    expect(send).toHaveBeenCalledTimes(2);
    expect(await server.send.mock.results[1]?.value).toMatchObject({ created: false });
    expect([...server.stored.keys()]).toEqual([0]);
  });

  it('stops on a refusal for good (a trial limit) and says why, until asked to try again', async () => {
    const limit = new ApiRequestError({
      status: 403,
      code: 'TRIAL_NOTES_EXHAUSTED',
      message: 'You have exhausted the free trial usage of generating sessions.',
    });
    let refuse = true;
    const send = vi.fn(async (sent: PendingSegment): Promise<SegmentAck> => {
      await Promise.resolve();
      if (refuse) throw limit;
      return { seq: sent.seq, status: 'queued', created: true };
    });
    const queue = new SegmentUploadQueue({ send });
    queue.add(segment(0));
    queue.add(segment(1));

    await expect(queue.whenDrained()).rejects.toBe(limit);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.getState()).toMatchObject({ pending: 2, refused: limit });

    refuse = false;
    queue.retryNow();
    await queue.whenDrained();
    expect(queue.getState()).toMatchObject({ pending: 0, refused: null });
  });

  it('tells its subscribers as the pending audio shrinks', async () => {
    const server = fakeServer();
    const queue = new SegmentUploadQueue({ send: server.send });
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.getState().pendingSeconds));
    queue.add(segment(0, 12));
    queue.add(segment(1, 8));
    await queue.whenDrained();
    expect(seen).toContain(20);
    expect(seen.at(-1)).toBe(0);
  });
});
