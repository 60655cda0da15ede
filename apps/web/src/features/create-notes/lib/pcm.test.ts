import { describe, expect, it } from 'vitest';
import { concatPcm, mixToMono, resampledLength, wholeSeconds } from './pcm';

describe('resampledLength', () => {
  it('keeps the duration when the rate changes to 16 kHz', () => {
    expect(resampledLength(48_000, 48_000, 16_000)).toBe(16_000);
    expect(resampledLength(44_100 * 3, 44_100, 16_000)).toBe(48_000);
    expect(resampledLength(16_000, 16_000, 16_000)).toBe(16_000);
    expect(resampledLength(8_000, 8_000, 16_000)).toBe(16_000);
  });

  it('gives nothing for nothing, and at least one sample for a sliver', () => {
    expect(resampledLength(0, 48_000, 16_000)).toBe(0);
    expect(resampledLength(1, 48_000, 16_000)).toBe(1);
  });
});

describe('mixToMono', () => {
  it('averages the channels', () => {
    const mono = mixToMono([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]);
    expect(Array.from(mono)).toEqual([0.5, 0]);
  });

  it('returns a single channel as it is', () => {
    const channel = new Float32Array([0.25]);
    expect(mixToMono([channel])).toBe(channel);
  });
});

describe('concatPcm', () => {
  it('appends later recordings after earlier ones, in order', () => {
    const merged = concatPcm([new Int16Array([1, 2]), new Int16Array([]), new Int16Array([3])]);
    expect(Array.from(merged)).toEqual([1, 2, 3]);
  });
});

describe('wholeSeconds', () => {
  it('rounds the duration to whole seconds', () => {
    expect(wholeSeconds(16_000 * 20 + 7_999, 16_000)).toBe(20);
    expect(wholeSeconds(16_000 * 20 + 8_000, 16_000)).toBe(21);
  });
});
