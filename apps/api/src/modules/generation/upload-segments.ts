import { open } from 'node:fs/promises';
import { spawnBound } from '../../lib/spawn-bound';
import { AudioError } from '../../engines/audio/decode-audio';
import { TARGET_SAMPLE_RATE, encodeWav, isRiffWave } from '../../engines/audio/wav';

/** Segments cut from a whole uploaded recording: at the quietest moment 15–30 s in. */
const MIN_SECONDS = 15;
const MAX_SECONDS = 30;
const WINDOW_SAMPLES = TARGET_SAMPLE_RATE / 10;

/** Where in `samples` (between min and max) the quietest 100 ms window starts. */
export function quietestCut(samples: Int16Array, min: number, max: number): number {
  let best = max;
  let bestEnergy = Number.POSITIVE_INFINITY;
  for (let start = min; start + WINDOW_SAMPLES <= max; start += WINDOW_SAMPLES / 2) {
    let energy = 0;
    for (let i = start; i < start + WINDOW_SAMPLES; i += 4) energy += Math.abs(samples[i]!);
    if (energy < bestEnergy) {
      bestEnergy = energy;
      best = start + WINDOW_SAMPLES / 2;
    }
  }
  return best;
}

/** Empty, or too short to be anything a decoder understands: refuse before ffmpeg. */
async function assertLooksLikeAudio(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    if (bytesRead === 0) throw new AudioError('bad-audio', 'The audio file is empty.');
    if (isRiffWave(buffer) && bytesRead < 44) {
      throw new AudioError('bad-audio', 'The WAV file is cut short: its header is incomplete.');
    }
  } finally {
    await handle.close();
  }
}

/**
 * Turns a recording on disk into 16 kHz mono WAV segments without ever holding it whole in
 * memory (issue 9 "Memory": a 60-minute upload grows the server by a few MiB): ffmpeg decodes it
 * as a stream and at most MAX_SECONDS of samples are buffered at a time.
 */
export async function* segmentRecording(
  file: string,
  options: { signal?: AbortSignal; maxSeconds?: number; ffmpegPath?: string } = {},
): AsyncGenerator<{ wav: Buffer; durationMs: number }> {
  await assertLooksLikeAudio(file);
  const ffmpeg = spawnBound(
    options.ffmpegPath ?? 'ffmpeg',
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-vn', '-f', 's16le'].concat([
      '-acodec',
      'pcm_s16le',
      '-ac',
      '1',
      '-ar',
      String(TARGET_SAMPLE_RATE),
      'pipe:1',
    ]),
    { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal },
  );
  ffmpeg.stdin.end();
  let stderr = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    ffmpeg.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new AudioError('decoder-unavailable', 'The audio decoder (ffmpeg) is not installed.')
          : error,
      ),
    );
    ffmpeg.once('close', resolve);
  });
  exited.catch(() => undefined);

  const maxSamples = MAX_SECONDS * TARGET_SAMPLE_RATE;
  const minSamples = MIN_SECONDS * TARGET_SAMPLE_RATE;
  const limitSamples = (options.maxSeconds ?? 3 * 3600) * TARGET_SAMPLE_RATE;
  let pending: Buffer = Buffer.alloc(0);
  let total = 0;
  const emit = (samples: Int16Array) => ({
    wav: encodeWav(samples, TARGET_SAMPLE_RATE),
    durationMs: Math.round((samples.length / TARGET_SAMPLE_RATE) * 1000),
  });
  try {
    for await (const chunk of ffmpeg.stdout as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      total += chunk.length / 2;
      if (total > limitSamples) {
        throw new AudioError('too-large', 'The recording is longer than the limit of 3 hours.');
      }
      while (pending.length / 2 >= maxSamples) {
        const samples = new Int16Array(
          pending.buffer.slice(pending.byteOffset, pending.byteOffset + maxSamples * 2),
        );
        const cut = quietestCut(samples, minSamples, maxSamples);
        yield emit(samples.subarray(0, cut));
        pending = Buffer.from(pending.subarray(cut * 2));
      }
    }
    const code = await exited;
    if (code !== 0 && total === 0) {
      throw new AudioError('bad-audio', 'The recording could not be decoded as audio.');
    }
    const rest = pending.length - (pending.length % 2);
    if (rest > 0) {
      yield emit(
        new Int16Array(pending.buffer.slice(pending.byteOffset, pending.byteOffset + rest)),
      );
    }
    if (total === 0) throw new AudioError('bad-audio', 'The recording holds no audio.');
  } finally {
    if (ffmpeg.exitCode === null) ffmpeg.kill('SIGKILL');
  }
}
