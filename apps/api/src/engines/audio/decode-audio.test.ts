import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, scratchDir, sox, type ScratchDir } from '../../../test/fixtures/stt/test-audio';
import { AudioError, decodeAudio, detectContainer } from './decode-audio';
import { encodeWav } from './wav';

let scratch: ScratchDir;
beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

async function decodeFails(data: Uint8Array, options = {}): Promise<AudioError> {
  const error: unknown = await decodeAudio({ data }, options).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AudioError);
  return error as AudioError;
}

describe('decodeAudio: any common WAV becomes 16 kHz mono 16-bit', () => {
  const variants: [string, string[]][] = [
    ['44.1 kHz stereo 16-bit', ['-r', '44100', '-c', '2', '-b', '16']],
    ['48 kHz stereo 24-bit', ['-r', '48000', '-c', '2', '-b', '24']],
    ['8 kHz mono 8-bit', ['-r', '8000', '-c', '1', '-b', '8']],
    [
      '22.05 kHz mono 32-bit integer',
      ['-r', '22050', '-c', '1', '-b', '32', '-e', 'signed-integer'],
    ],
    [
      '32 kHz 4-channel 32-bit float',
      ['-r', '32000', '-c', '4', '-b', '32', '-e', 'floating-point'],
    ],
  ];
  it.each(variants)('%s', async (name, format) => {
    const file = scratch.file(`${name.replace(/\W+/g, '-')}.wav`);
    await sox(['-n', ...format, file, 'synth', '1.5', 'sine', '440', 'vol', '0.5']);
    const pcm = await decodeAudio({ data: await readFile(file) });
    expect(pcm.sampleRate).toBe(16_000);
    expect(pcm.sourceFormat).toBe('wav');
    expect(pcm.durationSeconds).toBeCloseTo(1.5, 2);
    // The tone survives: loud samples, not silence or noise from a misread format.
    const peak = pcm.samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeGreaterThan(10_000);
    expect(peak).toBeLessThan(20_000);
  });

  it('uses 16 kHz mono 16-bit WAV as it is, without ffmpeg', async () => {
    const samples = Int16Array.from({ length: 16_000 }, (_, i) => (i % 100) - 50);
    const pcm = await decodeAudio(
      { data: encodeWav(samples) },
      { ffmpegPath: '/nonexistent/ffmpeg' },
    );
    expect(pcm.samples).toEqual(samples);
    expect(pcm.durationSeconds).toBe(1);
  });

  it('keeps what there is of a recording whose upload was cut short', async () => {
    const wav = encodeWav(new Int16Array(32_000).fill(1_000));
    const pcm = await decodeAudio({ data: wav.subarray(0, 44 + 16_000) });
    expect(pcm.durationSeconds).toBe(0.5);
  });
});

describe('decodeAudio: browser and device formats', () => {
  let source: string;
  beforeAll(async () => {
    source = scratch.file('source.wav');
    await sox([
      '-n',
      '-r',
      '48000',
      '-c',
      '1',
      '-b',
      '16',
      source,
      'synth',
      '2',
      'sine',
      '300',
      'vol',
      '0.5',
    ]);
  });

  const formats: [string, string, string[]][] = [
    ['WebM/Opus (Chrome, Firefox MediaRecorder)', 'webm', ['-c:a', 'libopus']],
    ['Ogg/Opus', 'ogg', ['-c:a', 'libopus']],
    ['MP3', 'mp3', ['-c:a', 'libmp3lame']],
    ['FLAC', 'flac', []],
    ['MP4/AAC (Safari MediaRecorder)', 'm4a', ['-c:a', 'aac', '-movflags', '+faststart']],
  ];
  it.each(formats)('%s', async (_name, extension, args) => {
    const data = await ffmpeg(source, scratch.file(`clip.${extension}`), args);
    const pcm = await decodeAudio({ data });
    // Codecs pad a few milliseconds at the ends.
    expect(pcm.durationSeconds).toBeGreaterThan(1.95);
    expect(pcm.durationSeconds).toBeLessThan(2.1);
  });

  it('says ffmpeg is missing, naming the Debian package', async () => {
    const data = await ffmpeg(source, scratch.file('missing.webm'), ['-c:a', 'libopus']);
    const error = await decodeFails(data, { ffmpegPath: '/nonexistent/ffmpeg' });
    expect(error.kind).toBe('decoder-unavailable');
    expect(error.message).toMatch(/ffmpeg/);
  });
});

describe('decodeAudio: bad input is refused with a clear message, never a crash', () => {
  it('an empty file', async () => {
    const error = await decodeFails(new Uint8Array(0));
    expect(error).toMatchObject({ kind: 'bad-audio', message: 'The audio file is empty.' });
  });

  it('random bytes', async () => {
    for (let i = 0; i < 5; i += 1) {
      const error = await decodeFails(randomBytes(64 * 1024));
      expect(error.kind).toBe('bad-audio');
    }
  });

  it('a text file', async () => {
    const error = await decodeFails(Buffer.from('Patient reports a headache.\n'));
    expect(error.message).toMatch(/not a supported audio recording/);
  });

  it('a WAV whose header is cut short', async () => {
    const wav = encodeWav(new Int16Array(1_600));
    for (const length of [12, 20, 30, 40]) {
      const error = await decodeFails(wav.subarray(0, length));
      expect(error.kind).toBe('bad-audio');
      expect(error.message).toMatch(/header/);
    }
  });

  it('a WAV header with no samples', async () => {
    const error = await decodeFails(encodeWav(new Int16Array(0)));
    expect(error.message).toBe('The audio file contains no sound.');
  });

  it('a WAV header with an impossible format', async () => {
    const wav = encodeWav(new Int16Array(1_600));
    wav.writeUInt16LE(12, 34); // 12-bit samples
    expect((await decodeFails(wav)).message).toMatch(/header/);
  });

  it('a known container with garbage inside', async () => {
    const data = Buffer.concat([Buffer.from('OggS'), randomBytes(20_000)]);
    const error = await decodeFails(data);
    expect(error.kind).toBe('bad-audio');
    expect(error.message).toMatch(/could not be decoded/);
  });

  it('a file over the size limit, before decoding anything', async () => {
    const error = await decodeFails(encodeWav(new Int16Array(16_000)), { maxBytes: 1_000 });
    expect(error.kind).toBe('too-large');
    expect(error.message).toMatch(/larger than/);
  });

  it('a recording over the length limit', async () => {
    const error = await decodeFails(encodeWav(new Int16Array(16_000 * 90)), {
      maxDurationSeconds: 60,
    });
    expect(error).toMatchObject({
      kind: 'too-large',
      message: 'The recording is longer than 1 minute.',
    });
  });
});

describe('detectContainer', () => {
  it('does not take a stray 0xFF byte for MP3', () => {
    expect(detectContainer(Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]))).toBeNull();
  });
});
