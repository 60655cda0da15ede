import { open } from 'node:fs/promises';
import { spawnBound } from '../../lib/spawn-bound';
import {
  AudioError,
  DEFAULT_MAX_DURATION_SECONDS,
  detectContainer,
} from '../../engines/audio/decode-audio';
import {
  TARGET_SAMPLE_RATE,
  WavHeaderError,
  encodeWav,
  isRiffWave,
  readWavHeader,
  sampleRateMessage,
} from '../../engines/audio/wav';

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

const HEAD_BYTES = 64 * 1024;
const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;

const tooLong = (maxSeconds: number) =>
  new AudioError(
    'too-large',
    maxSeconds === DEFAULT_MAX_DURATION_SECONDS
      ? 'The recording is longer than the limit of 3 hours.'
      : `The recording is longer than the limit of ${maxSeconds} seconds.`,
  );

/**
 * Judges a whole recording from its bytes before anything is stored or queued (issue 23: a 32 KB
 * WAV whose header claimed 1 Hz was cut into 593 segments and 563 jobs before its 413). A PCM WAV
 * is measured from its header, checked against the file's size: a sample rate no recording has is
 * a 400 at once. Any other container is decoded once by ffmpeg with its output counted and
 * discarded, stopped as soon as it passes the limit, so nothing of it reaches the database.
 * Returns the recording's length in seconds.
 */
export async function measureRecording(
  file: string,
  options: {
    signal?: AbortSignal;
    maxSeconds?: number;
    ffmpegPath?: string;
    timeoutMs?: number;
  } = {},
): Promise<number> {
  const maxSeconds = options.maxSeconds ?? DEFAULT_MAX_DURATION_SECONDS;
  const handle = await open(file, 'r');
  let head: Buffer;
  let fileBytes: number;
  try {
    fileBytes = (await handle.stat()).size;
    const read = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    head = read.buffer.subarray(0, read.bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new AudioError('bad-audio', 'The audio file is empty.');
  const container = detectContainer(head);
  if (!container) {
    throw new AudioError(
      'bad-audio',
      'The file is not a supported audio recording (WAV, WebM, Ogg, MP3, FLAC or MP4).',
    );
  }
  if (container === 'wav') {
    let header;
    try {
      header = readWavHeader(head);
    } catch (error) {
      if (!(error instanceof WavHeaderError)) throw error;
      throw new AudioError(
        'bad-audio',
        error.sampleRate === undefined
          ? 'The WAV file is damaged: its header is incomplete or invalid.'
          : sampleRateMessage(error.sampleRate),
      );
    }
    if (header.formatTag === WAVE_FORMAT_PCM || header.formatTag === WAVE_FORMAT_IEEE_FLOAT) {
      // The header was read from the first bytes only: the data runs to its declared size or
      // to the end of the file, whichever comes first.
      const declared = head.readUInt32LE(header.dataOffset - 4);
      const present = fileBytes - header.dataOffset;
      const dataBytes =
        declared === 0 || declared === 0xffffffff ? present : Math.min(declared, present);
      const seconds = dataBytes / (header.sampleRate * header.blockAlign);
      if (seconds > maxSeconds) throw tooLong(maxSeconds);
      if (dataBytes < header.blockAlign) {
        throw new AudioError('bad-audio', 'The audio file contains no sound.');
      }
      return seconds;
    }
  }
  return countDecodedSeconds(file, maxSeconds, options);
}

/** Decodes with ffmpeg and counts the samples, keeping none; stops past `maxSeconds`. */
async function countDecodedSeconds(
  file: string,
  maxSeconds: number,
  options: { signal?: AbortSignal; ffmpegPath?: string; timeoutMs?: number },
): Promise<number> {
  const ffmpeg = spawnBound(options.ffmpegPath ?? 'ffmpeg', decodeArgs(file), {
    stdio: ['pipe', 'pipe', 'pipe'],
    signal: options.signal,
  });
  ffmpeg.stdin.end();
  ffmpeg.stderr.resume();
  const run: { failure: Error | null } = { failure: null };
  const stop = (error: Error) => {
    run.failure ??= error;
    ffmpeg.kill('SIGKILL');
  };
  const timer = setTimeout(
    () => stop(new AudioError('timeout', 'Decoding the audio took too long.')),
    options.timeoutMs ?? 120_000,
  );
  const limitBytes = maxSeconds * TARGET_SAMPLE_RATE * 2;
  let bytes = 0;
  ffmpeg.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limitBytes) stop(tooLong(maxSeconds));
  });
  const code = await new Promise<number | null>((resolve) => {
    ffmpeg.once('error', (error: NodeJS.ErrnoException) => {
      run.failure ??=
        error.code === 'ENOENT'
          ? new AudioError('decoder-unavailable', 'The audio decoder (ffmpeg) is not installed.')
          : error;
      resolve(null);
    });
    ffmpeg.once('close', resolve);
  });
  clearTimeout(timer);
  if (run.failure) throw run.failure;
  if (code !== 0 && bytes === 0) {
    throw new AudioError('bad-audio', 'The recording could not be decoded as audio.');
  }
  if (bytes === 0) throw new AudioError('bad-audio', 'The recording holds no audio.');
  return bytes / 2 / TARGET_SAMPLE_RATE;
}

const decodeArgs = (file: string): string[] =>
  ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-vn', '-f', 's16le'].concat([
    '-acodec',
    'pcm_s16le',
    '-ac',
    '1',
    '-ar',
    String(TARGET_SAMPLE_RATE),
    'pipe:1',
  ]);

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
  const ffmpeg = spawnBound(options.ffmpegPath ?? 'ffmpeg', decodeArgs(file), {
    stdio: ['pipe', 'pipe', 'pipe'],
    signal: options.signal,
  });
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
  const maxSecondsOverall = options.maxSeconds ?? DEFAULT_MAX_DURATION_SECONDS;
  const limitSamples = maxSecondsOverall * TARGET_SAMPLE_RATE;
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
        throw tooLong(maxSecondsOverall);
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
