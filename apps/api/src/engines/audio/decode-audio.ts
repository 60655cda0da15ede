import { spawnBound } from '../../lib/spawn-bound';
import {
  TARGET_SAMPLE_RATE,
  WavHeaderError,
  isRiffWave,
  isTargetFormat,
  pcm16FromBytes,
  readWavHeader,
  sampleRateMessage,
} from './wav';

/**
 * Any recording a clinician's browser or device produces, turned into the one format every
 * engine starts from: 16 kHz mono 16-bit PCM (issue 4, "Input"). Bad input is refused with a
 * message the user can act on, never a crash (it is parsed by hand before ffmpeg sees it).
 */

/** Audio as uploaded: the bytes, plus what the client said it was (used in logs only). */
export interface AudioInput {
  data: Uint8Array;
  mimeType?: string;
  filename?: string;
}

/** Decoded audio: 16 kHz mono signed 16-bit samples. */
export interface PcmAudio {
  samples: Int16Array;
  sampleRate: typeof TARGET_SAMPLE_RATE;
  durationSeconds: number;
  /** The container that came in (`wav`, `webm`, ...), for logs and benchmarks. */
  sourceFormat: AudioContainer;
}

export type AudioErrorKind = 'bad-audio' | 'too-large' | 'decoder-unavailable' | 'timeout';

/** A refusal with a message that is safe to show to the user (it never quotes the audio). */
export class AudioError extends Error {
  override readonly name = 'AudioError';
  constructor(
    readonly kind: AudioErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface DecodeOptions {
  /** Largest accepted input in bytes (default 200 MB). */
  maxBytes?: number;
  /** Longest accepted recording once decoded (default 3 hours, ~345 MB of samples). */
  maxDurationSeconds?: number;
  /** How long ffmpeg may take (default 120 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The ffmpeg executable (tests point it at a missing one). */
  ffmpegPath?: string;
}

export const DEFAULT_MAX_AUDIO_BYTES = 200 * 1024 * 1024;
export const DEFAULT_MAX_DURATION_SECONDS = 3 * 60 * 60;
const BYTES_PER_SECOND = TARGET_SAMPLE_RATE * 2;

export type AudioContainer =
  'wav' | 'rf64' | 'webm' | 'ogg' | 'mp3' | 'flac' | 'mp4' | 'aac' | 'caf' | 'aiff';

const startsWith = (bytes: Uint8Array, offset: number, text: string): boolean =>
  bytes.length >= offset + text.length &&
  [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));

/**
 * Recognises the containers browsers and recorders produce by their magic bytes. Anything else
 * is refused before ffmpeg runs: ffmpeg will happily "decode" random bytes as raw MP3 frames.
 */
export function detectContainer(bytes: Uint8Array): AudioContainer | null {
  if (isRiffWave(bytes)) return 'wav';
  if (startsWith(bytes, 0, 'RF64') && startsWith(bytes, 8, 'WAVE')) return 'rf64';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'webm'; // EBML: WebM and Matroska (Chrome and Firefox MediaRecorder)
  }
  if (startsWith(bytes, 0, 'OggS')) return 'ogg';
  if (startsWith(bytes, 0, 'fLaC')) return 'flac';
  if (startsWith(bytes, 4, 'ftyp')) return 'mp4'; // Safari MediaRecorder, m4a voice memos
  if (startsWith(bytes, 0, 'caff')) return 'caf';
  if (
    startsWith(bytes, 0, 'FORM') &&
    (startsWith(bytes, 8, 'AIFF') || startsWith(bytes, 8, 'AIFC'))
  ) {
    return 'aiff';
  }
  if (startsWith(bytes, 0, 'ID3')) return 'mp3';
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return 'aac'; // ADTS
  // An MPEG audio frame sync needs a second frame to be believable in a file without ID3.
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && looksLikeMpegAudio(bytes)) return 'mp3';
  return null;
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

/** A layer III frame header whose length points at a second frame header. */
function looksLikeMpegAudio(bytes: Uint8Array): boolean {
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  if (version === 1 || layer !== 1) return false;
  const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[(b2 >> 4) & 0x0f];
  const rate = MP3_RATES[version]?.[(b2 >> 2) & 0x03];
  if (!bitrate || !rate) return false;
  const frameBytes =
    Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + ((b2 >> 1) & 1);
  return bytes[frameBytes] === 0xff && ((bytes[frameBytes + 1] ?? 0) & 0xe0) === 0xe0;
}

const MESSAGES = {
  empty: 'The audio file is empty.',
  notAudio: 'The file is not a supported audio recording (WAV, WebM, Ogg, MP3, FLAC or MP4).',
  truncated: 'The WAV file is damaged: its header is incomplete or invalid.',
  noSound: 'The audio file contains no sound.',
  undecodable: 'The audio could not be decoded; the file may be damaged.',
} as const;

const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

export async function decodeAudio(
  input: AudioInput,
  options: DecodeOptions = {},
): Promise<PcmAudio> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_AUDIO_BYTES;
  const maxDuration = options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS;
  const bytes = input.data;
  if (bytes.length === 0) throw new AudioError('bad-audio', MESSAGES.empty);
  if (bytes.length > maxBytes) {
    throw new AudioError('too-large', `The audio file is larger than ${megabytes(maxBytes)}.`);
  }
  const container = detectContainer(bytes);
  if (!container) throw new AudioError('bad-audio', MESSAGES.notAudio);

  if (container === 'wav') {
    let header;
    try {
      header = readWavHeader(bytes);
    } catch (error) {
      if (error instanceof WavHeaderError) {
        const message =
          error.sampleRate === undefined ? MESSAGES.truncated : sampleRateMessage(error.sampleRate);
        throw new AudioError('bad-audio', message, { cause: error });
      }
      throw error;
    }
    if (header.dataBytes === 0) throw new AudioError('bad-audio', MESSAGES.noSound);
    if (isTargetFormat(header)) {
      const samples = pcm16FromBytes(
        bytes.subarray(header.dataOffset, header.dataOffset + header.dataBytes),
      );
      return finish(samples, container, maxDuration);
    }
  }

  const raw = await runFfmpeg(bytes, {
    maxOutputBytes: Math.ceil(maxDuration * BYTES_PER_SECOND) + BYTES_PER_SECOND,
    maxDuration,
    timeoutMs: options.timeoutMs ?? 120_000,
    signal: options.signal,
    ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
  });
  return finish(pcm16FromBytes(raw), container, maxDuration);
}

function finish(samples: Int16Array, container: AudioContainer, maxDuration: number): PcmAudio {
  if (samples.length === 0) throw new AudioError('bad-audio', MESSAGES.noSound);
  const durationSeconds = samples.length / TARGET_SAMPLE_RATE;
  if (durationSeconds > maxDuration) throw tooLong(maxDuration);
  return { samples, sampleRate: TARGET_SAMPLE_RATE, durationSeconds, sourceFormat: container };
}

function tooLong(maxDuration: number): AudioError {
  const minutes = Math.round(maxDuration / 60);
  const length =
    minutes >= 120 && minutes % 60 === 0
      ? `${minutes / 60} hours`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AudioError('too-large', `The recording is longer than ${length}.`);
}

interface FfmpegRun {
  maxOutputBytes: number;
  maxDuration: number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  ffmpegPath: string;
}

/** ffmpeg reads the upload on stdin and writes raw samples to stdout: no temp files, no shell. */
function runFfmpeg(input: Uint8Array, run: FfmpegRun): Promise<Buffer> {
  const args = [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-i',
    'pipe:0',
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(TARGET_SAMPLE_RATE),
    '-acodec',
    'pcm_s16le',
    '-f',
    's16le',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    run.signal?.throwIfAborted();
    const child = spawnBound(run.ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let failure: Error | null = null;

    const stop = (error: Error): void => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new AudioError('timeout', 'Decoding the audio took too long.')),
      run.timeoutMs,
    );
    const onAbort = (): void => stop(toError(run.signal?.reason));
    run.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      // A few KB of Opus can claim hours of audio; stop reading before memory does.
      if (outputBytes > run.maxOutputBytes) stop(tooLong(run.maxDuration));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString('utf8');
    });
    // ffmpeg exits early on garbage; the write then fails with EPIPE, which is not our error.
    child.stdin.on('error', () => {});
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??=
        error.code === 'ENOENT'
          ? new AudioError(
              'decoder-unavailable',
              'ffmpeg is not installed, so this audio format cannot be decoded (Debian package: ffmpeg).',
              { cause: error },
            )
          : error;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      if (code !== 0) {
        return reject(
          new AudioError('bad-audio', MESSAGES.undecodable, {
            cause: new Error(`ffmpeg exited with code ${code}: ${stderr.trim().slice(0, 500)}`),
          }),
        );
      }
      resolve(Buffer.concat(chunks));
    });
    child.stdin.end(input);
  });
}

const toError = (reason: unknown): Error =>
  reason instanceof Error ? reason : new Error('The operation was aborted.');
