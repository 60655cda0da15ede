import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioError } from '../../engines/audio/decode-audio';
import { measureRecording } from './legacy-upload.segments';

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-measure-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** `seconds` of a quiet tone, encoded by ffmpeg as `file` (its extension picks the container). */
function tone(file: string, seconds: number, codec: string[]): string {
  const out = path.join(workDir, file);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:sample_rate=48000:duration=${seconds}`,
    ...codec,
    '-y',
    out,
  ]);
  return out;
}

describe('measureRecording: the length of a whole upload, before anything is stored', () => {
  it('measures a WebM/Opus recording (no duration in its header) by decoding it', async () => {
    const webm = tone('clip.webm', 12, ['-c:a', 'libopus', '-b:a', '16k']);
    const seconds = await measureRecording(webm, { maxSeconds: 60 });
    expect(seconds).toBeGreaterThan(11.5);
    expect(seconds).toBeLessThan(12.5);
  });

  it('refuses a compressed recording past the limit with "too-large"', async () => {
    const ogg = tone('long.ogg', 12, ['-c:a', 'libopus', '-b:a', '8k']);
    const error = await measureRecording(ogg, { maxSeconds: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioError);
    expect((error as AudioError).kind).toBe('too-large');
    expect((error as AudioError).message).toMatch(/longer than the limit of 5 seconds/);
  });
});
