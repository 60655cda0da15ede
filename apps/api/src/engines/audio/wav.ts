import { endianness } from 'node:os';

/**
 * The few WAV facts the decoder needs: read a RIFF/WAVE header without trusting it, and write
 * the 16 kHz mono 16-bit WAV the engines send to cloud services (issue 4: "resample to 16 kHz
 * mono"). Anything beyond 16 kHz mono s16 is left to ffmpeg, which knows every WAV variant.
 */

export const TARGET_SAMPLE_RATE = 16_000;

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export interface WavHeader {
  /** 1 = integer PCM, 3 = IEEE float (WAVE_FORMAT_EXTENSIBLE is resolved to its sub-format). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  /** Bytes of sample data actually present (a recorder that died mid-write declares more). */
  dataBytes: number;
}

/**
 * Sample rates a recording can have. A header outside them is crafted or broken, and would make
 * a few bytes claim hours of audio (issue 23: 1 s of samples under a 1 Hz header read as 9 hours).
 */
const WAV_SAMPLE_RATES = { min: 8_000, max: 192_000 } as const;

/** Why a WAV header was refused; the decoder turns it into a user-facing message. */
export class WavHeaderError extends Error {
  override readonly name = 'WavHeaderError';
  constructor(
    message: string,
    /** Set when the header's sample rate is outside WAV_SAMPLE_RATES. */
    readonly sampleRate?: number,
  ) {
    super(message);
  }
}

/** What to tell the clinician about a header whose sample rate no recording has. */
export const sampleRateMessage = (rate: number): string =>
  `The WAV header declares a sample rate of ${rate} Hz; a recording's sample rate is ` +
  `${WAV_SAMPLE_RATES.min / 1000}–${WAV_SAMPLE_RATES.max / 1000} kHz. The file is damaged or not a recording.`;

const ascii = (bytes: Uint8Array, offset: number): string =>
  String.fromCharCode(...bytes.subarray(offset, offset + 4));

export function isRiffWave(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0) === 'RIFF' && ascii(bytes, 8) === 'WAVE';
}

export function readWavHeader(bytes: Uint8Array): WavHeader {
  if (!isRiffWave(bytes)) throw new WavHeaderError('not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavHeader, 'dataOffset' | 'dataBytes'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new WavHeaderError('fmt chunk cut short');
      let formatTag = view.getUint16(body, true);
      if (formatTag === WAVE_FORMAT_EXTENSIBLE) {
        // The real format is the first two bytes of the sub-format GUID.
        if (size < 40 || body + 26 > bytes.length) {
          throw new WavHeaderError('extensible fmt chunk cut short');
        }
        formatTag = view.getUint16(body + 24, true);
      }
      format = {
        formatTag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      validateFormat(format);
    } else if (id === 'data') {
      if (!format) throw new WavHeaderError('data chunk before fmt chunk');
      const available = bytes.length - body;
      // Streaming writers leave the size at 0 or 0xFFFFFFFF until they finish; a truncated
      // upload declares more than it has. Either way, the bytes present are the audio.
      const declared = size === 0 || size === 0xffffffff ? available : size;
      const dataBytes = Math.min(declared, available);
      return {
        ...format,
        dataOffset: body,
        dataBytes: dataBytes - (dataBytes % format.blockAlign),
      };
    }
    // RIFF chunks are padded to an even length.
    offset = body + size + (size % 2);
  }
  throw new WavHeaderError(format ? 'no data chunk' : 'no fmt chunk');
}

function validateFormat(format: Omit<WavHeader, 'dataOffset' | 'dataBytes'>): void {
  const { formatTag, channels, sampleRate, bitsPerSample, blockAlign } = format;
  if (sampleRate < WAV_SAMPLE_RATES.min || sampleRate > WAV_SAMPLE_RATES.max) {
    throw new WavHeaderError(`${sampleRate} Hz`, sampleRate);
  }
  if (formatTag !== WAVE_FORMAT_PCM && formatTag !== WAVE_FORMAT_IEEE_FLOAT) {
    // A-law, mu-law, ADPCM, ... are valid WAVs; ffmpeg decodes them, so only sanity-check.
    if (channels < 1 || blockAlign < 1) throw new WavHeaderError('impossible format');
    return;
  }
  if (channels < 1 || channels > 64) throw new WavHeaderError(`${channels} channels`);
  if (![8, 16, 24, 32, 64].includes(bitsPerSample)) {
    throw new WavHeaderError(`${bitsPerSample}-bit samples`);
  }
  if (blockAlign !== (channels * bitsPerSample) / 8) {
    throw new WavHeaderError('block alignment does not match the format');
  }
}

/** True when the samples can be used as they are, without a trip through ffmpeg. */
export function isTargetFormat(header: WavHeader): boolean {
  return (
    header.formatTag === WAVE_FORMAT_PCM &&
    header.channels === 1 &&
    header.sampleRate === TARGET_SAMPLE_RATE &&
    header.bitsPerSample === 16
  );
}

// Typed arrays use the machine's byte order; on little-endian machines (all we deploy on) a
// plain copy is the conversion, and it is ~50x faster than a per-sample loop on an hour of audio.
const littleEndian = endianness() === 'LE';

/** Copies little-endian 16-bit samples into a fresh, aligned Int16Array. */
export function pcm16FromBytes(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  if (littleEndian) {
    new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
    return samples;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < samples.length; i += 1) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

/** Little-endian bytes of 16-bit samples (what pocketsphinx and WAV files expect). */
export function pcm16ToBytes(samples: Int16Array): Buffer {
  if (littleEndian) return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const bytes = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) bytes.writeInt16LE(samples[i] ?? 0, i * 2);
  return bytes;
}

/** A canonical 44-byte-header WAV of 16 kHz mono 16-bit samples. */
export function encodeWav(samples: Int16Array, sampleRate = TARGET_SAMPLE_RATE): Buffer {
  const data = pcm16ToBytes(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
