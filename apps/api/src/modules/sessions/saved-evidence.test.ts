import { getPriority } from 'node:os';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSavedEvidenceAligner, sharedTranscript } from './saved-evidence';

const kneeNote = () => ({
  content: 'Subjective: Knee pain after a fall.',
  transcript: sharedTranscript('[patient] i have knee pain after a fall'),
  draft: [],
});

describe('saved evidence threads', () => {
  const before = getPriority();
  const { align, close } = createSavedEvidenceAligner({ threads: 1, log: { warn: () => {} } });
  afterAll(close);

  // The thread module lowers its own thread's priority. Loaded on the main thread it once
  // reniced the whole server's event loop to 19: on a busy machine the server starved (set-ups
  // ten times slower beside stress-ng, decoders reniced with it).
  it('lower the priority of the aligning threads only, never of the server’s own thread', async () => {
    await import('./saved-evidence.thread');
    const [evidence] = await align([kneeNote()]);
    expect(evidence).not.toBeNull();
    expect(getPriority()).toBe(before);
  });
});

describe('saved evidence threads closing (with the server)', () => {
  it('end an alignment still under way without evidence, so nothing is stored late', async () => {
    const threads = createSavedEvidenceAligner({ threads: 1, log: { warn: () => {} } });
    // Closed at once: the thread has not even started.
    const aligned = threads.align([kneeNote()]);
    const stored: (string | null)[] = [];
    threads.finishInBackground(
      1,
      aligned.then((evidence) => void stored.push(...evidence)),
    );
    await threads.close();
    expect(await aligned).toEqual([null]);
    expect(stored).toEqual([null]);
  });

  it('log a failure of background work by its kind only, never a note', async () => {
    const log = { warn: vi.fn() };
    const threads = createSavedEvidenceAligner({ threads: 1, log });
    threads.finishInBackground(
      7,
      Promise.reject(new TypeError('cannot read "Knee pain after a fall"')),
    );
    await threads.close();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toEqual({ sessionId: 7, error: 'TypeError' });
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Knee');
  });
});
