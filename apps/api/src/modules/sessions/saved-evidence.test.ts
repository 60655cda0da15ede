import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createSavedEvidenceAligner, sharedTranscript } from './saved-evidence';

describe('saved evidence threads', () => {
  const before = getPriority();
  const { align, close } = createSavedEvidenceAligner({ threads: 1 });
  afterAll(close);

  // The thread module lowers its own thread's priority. Loaded on the main thread it once
  // reniced the whole server's event loop to 19: on a busy machine the server starved (set-ups
  // ten times slower beside stress-ng, decoders reniced with it).
  it('lower the priority of the aligning threads only, never of the server’s own thread', async () => {
    await import('./saved-evidence.thread');
    const [evidence] = await align([
      {
        content: 'Subjective: Knee pain after a fall.',
        transcript: sharedTranscript('[patient] i have knee pain after a fall'),
        draft: [],
      },
    ]);
    expect(evidence).not.toBeNull();
    expect(getPriority()).toBe(before);
  });
});
