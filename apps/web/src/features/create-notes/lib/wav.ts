/**
 * 16-bit PCM WAV files (spec point 9: "Merged upload audio is 16-bit PCM wav named
 * recording.wav"). 16 kHz mono is what speech recognition needs and keeps an hour of
 * consultation under 120 MB (issue 5).
 */
export const WAV_SAMPLE_RATE = 16_000;
export const WAV_MIME_TYPE = 'audio/wav';

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** Float samples in [-1, 1] to signed 16-bit integers, clipping what lies outside. */
export function floatToPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index] ?? 0));
    pcm[index] = sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff);
  }
  return pcm;
}

function writeAscii(view: DataView, offset: number, text: string) {
  for (let index = 0; index < text.length; index += 1) {
    view.setUint8(offset + index, text.charCodeAt(index));
  }
}

/** A canonical RIFF/WAVE file: 44-byte header, then little-endian 16-bit mono samples. */
export function encodeWav(pcm: Int16Array, sampleRate: number = WAV_SAMPLE_RATE): ArrayBuffer {
  const dataBytes = pcm.length * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const channels = 1;

  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, channels * BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true); // bits per sample
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);

  for (let index = 0; index < pcm.length; index += 1) {
    view.setInt16(HEADER_BYTES + index * BYTES_PER_SAMPLE, pcm[index] ?? 0, true);
  }
  return buffer;
}
