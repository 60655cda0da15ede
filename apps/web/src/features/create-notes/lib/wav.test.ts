import { describe, expect, it } from 'vitest';
import { encodeWav, floatToPcm16, WAV_SAMPLE_RATE } from './wav';

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE header for 16-bit PCM, 16 kHz, mono', () => {
    const view = new DataView(encodeWav(new Int16Array([1, -2, 3]), WAV_SAMPLE_RATE));

    expect(view.byteLength).toBe(44 + 6);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000); // bytes per second
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16); // bits per sample
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
  });

  it('stores the samples little-endian after the header', () => {
    const bytes = new Uint8Array(encodeWav(new Int16Array([0x0102, -1])));
    expect(Array.from(bytes.slice(44))).toEqual([0x02, 0x01, 0xff, 0xff]);
  });

  it('makes a valid empty file from no samples', () => {
    const view = new DataView(encodeWav(new Int16Array(0)));
    expect(view.byteLength).toBe(44);
    expect(view.getUint32(40, true)).toBe(0);
  });
});

describe('floatToPcm16', () => {
  it('scales [-1, 1] to the 16-bit range and clips what lies outside', () => {
    expect(Array.from(floatToPcm16(new Float32Array([0, 1, -1, 0.5, 2, -3])))).toEqual([
      0, 32767, -32768, 16384, 32767, -32768,
    ]);
  });
});
