import { SEGMENT_RULES } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { Downsampler } from './downsampler';
import { Segmenter } from './segmenter';

const RATE = SEGMENT_RULES.sampleRate;

/** A deterministic pseudo-random source, so a failing case can be replayed. */
function noiseSource(seed = 7) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 30 - 1;
  };
}

type Part = { speech: boolean; seconds: number };

/**
 * Speech-like audio: bursts of voiced sound (a 150 Hz tone with harmonics, its loudness
 * wobbling like syllables) over room noise, separated by pauses of room noise only.
 */
function synthesise(parts: Part[], { noise = 0.003, speech = 0.3 } = {}) {
  const random = noiseSource();
  const total = parts.reduce((sum, part) => sum + Math.round(part.seconds * RATE), 0);
  const samples = new Float32Array(total);
  /** Where each pause starts and ends, in samples. */
  const pauses: [number, number][] = [];
  let offset = 0;
  for (const part of parts) {
    const length = Math.round(part.seconds * RATE);
    if (!part.speech) pauses.push([offset, offset + length]);
    for (let index = 0; index < length; index += 1) {
      const t = (offset + index) / RATE;
      let value = random() * noise;
      if (part.speech) {
        const syllables = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
        const voice =
          Math.sin(2 * Math.PI * 150 * t) +
          0.5 * Math.sin(2 * Math.PI * 300 * t) +
          0.25 * Math.sin(2 * Math.PI * 450 * t);
        value += (speech * syllables * voice) / 1.75;
      }
      samples[offset + index] = value;
    }
    offset += length;
  }
  return { samples, pauses };
}

/** Cuts the audio, fed in blocks of `block` samples as a microphone delivers it. */
function segment(samples: Float32Array, block = 2048): Float32Array[] {
  const segments: Float32Array[] = [];
  const segmenter = new Segmenter((cut) => segments.push(cut));
  for (let offset = 0; offset < samples.length; offset += block) {
    segmenter.push(samples.subarray(offset, offset + block));
  }
  segmenter.flush();
  return segments;
}

const seconds = (segment: Float32Array) => segment.length / RATE;

/** Where each segment ends in the recording, in samples. */
function boundaries(segments: Float32Array[]): number[] {
  let end = 0;
  return segments.slice(0, -1).map((cut) => (end += cut.length));
}

/** A consultation: sentences of 2 to 4 s, pauses of 0.4 to 0.9 s. */
function conversation(totalSeconds: number): Part[] {
  const random = noiseSource(3);
  const parts: Part[] = [];
  let elapsed = 0;
  while (elapsed < totalSeconds) {
    const talk = 2 + 2 * Math.abs(random());
    const pause = 0.4 + 0.5 * Math.abs(random());
    parts.push({ speech: true, seconds: talk }, { speech: false, seconds: pause });
    elapsed += talk + pause;
  }
  return parts;
}

describe('Segmenter', () => {
  it('cuts a conversation at its pauses, each segment between the minimum and the maximum', () => {
    const { samples, pauses } = synthesise(conversation(120));
    const segments = segment(samples);

    expect(segments.length).toBeGreaterThanOrEqual(6);
    for (const cut of segments.slice(0, -1)) {
      expect(seconds(cut)).toBeGreaterThanOrEqual(SEGMENT_RULES.minSeconds);
      expect(seconds(cut)).toBeLessThanOrEqual(SEGMENT_RULES.maxSeconds);
    }
    // Every cut falls inside a pause, never in a word.
    for (const boundary of boundaries(segments)) {
      expect(pauses.some(([start, end]) => boundary > start && boundary < end)).toBe(true);
    }
    // Nothing is lost or doubled: the segments are the recording.
    const joined = new Float32Array(samples.length);
    let offset = 0;
    for (const cut of segments) {
      joined.set(cut, offset);
      offset += cut.length;
    }
    expect(offset).toBe(samples.length);
    expect(joined.every((value, index) => value === samples[index])).toBe(true);
  });

  it('cuts at the first pause after the minimum, not before', () => {
    const { samples, pauses } = synthesise([
      { speech: true, seconds: 3 },
      { speech: false, seconds: 0.6 }, // before the minimum: no cut
      { speech: true, seconds: 3 },
      { speech: false, seconds: 0.6 }, // the first pause after 5 s: the cut
      { speech: true, seconds: 3 },
    ]);
    const segments = segment(samples);

    expect(segments).toHaveLength(2);
    const [boundary] = boundaries(segments);
    const [, second] = pauses;
    expect(boundary).toBeGreaterThan(second![0]);
    expect(boundary).toBeLessThan(second![1]);
  });

  it('does not take a gap shorter than the pause length for a pause', () => {
    const parts: Part[] = [];
    for (let index = 0; index < 6; index += 1) {
      parts.push({ speech: true, seconds: 2 }, { speech: false, seconds: 0.2 });
    }
    const segments = segment(synthesise(parts).samples);
    // 13.2 s with only short gaps: one segment, cut by Stop.
    expect(segments).toHaveLength(1);
  });

  it('forces a cut at the maximum when nobody pauses', () => {
    const { samples } = synthesise([{ speech: true, seconds: 50 }]);
    const segments = segment(samples);

    expect(segments).toHaveLength(3);
    for (const cut of segments) expect(seconds(cut)).toBeLessThanOrEqual(SEGMENT_RULES.maxSeconds);
    expect(seconds(segments[0]!)).toBeGreaterThan(SEGMENT_RULES.maxSeconds - 1);
  });

  it('finds pauses in a noisy room, relative to its noise floor', () => {
    const { samples, pauses } = synthesise(conversation(60), { noise: 0.05, speech: 0.5 });
    const segments = segment(samples);

    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const boundary of boundaries(segments)) {
      expect(pauses.some(([start, end]) => boundary > start && boundary < end)).toBe(true);
    }
  });

  it('cuts the same way whatever the size of the blocks it is fed', () => {
    const { samples } = synthesise(conversation(45));
    const lengths = (block: number) => segment(samples, block).map((cut) => cut.length);
    expect(lengths(128)).toEqual(lengths(4096));
    expect(lengths(333)).toEqual(lengths(4096));
  });

  it('makes the buffered audio a segment on flush, and drops a click-length tail', () => {
    const segments: Float32Array[] = [];
    const segmenter = new Segmenter((cut) => segments.push(cut));
    segmenter.push(synthesise([{ speech: true, seconds: 2.5 }]).samples);
    expect(segmenter.pendingSeconds).toBeCloseTo(2.5);
    segmenter.flush();
    expect(segments.map(seconds)).toEqual([2.5]);

    segmenter.push(new Float32Array(RATE / 20)); // 50 ms
    segmenter.flush();
    expect(segments).toHaveLength(1);
    expect(segmenter.pendingSeconds).toBe(0);
  });
});

describe('Downsampler', () => {
  it('turns 48 kHz into 16 kHz, keeping the duration and the tone', () => {
    const input = new Float32Array(48_000);
    for (let index = 0; index < input.length; index += 1) {
      input[index] = Math.sin((2 * Math.PI * 440 * index) / 48_000);
    }
    const downsampler = new Downsampler(48_000, 16_000);
    // In uneven blocks, as an audio worklet delivers them.
    const blocks: Float32Array[] = [];
    for (let offset = 0; offset < input.length; offset += 1000) {
      blocks.push(downsampler.process(input.subarray(offset, offset + 1000)));
    }
    const output = Float32Array.from(blocks.flatMap((block) => [...block]));

    expect(output.length).toBe(16_000);
    // Sample n at 16 kHz is the mean of three 48 kHz samples around t = (3n + 1) / 48 000.
    const expected = (n: number) => Math.sin((2 * Math.PI * 440 * (3 * n + 1)) / 48_000);
    for (const n of [10, 1234, 9999]) expect(output[n]).toBeCloseTo(expected(n), 2);
  });

  it('handles 44.1 kHz, whose ratio is not whole', () => {
    const downsampler = new Downsampler(44_100, 16_000);
    let total = 0;
    for (let block = 0; block < 441; block += 1) {
      total += downsampler.process(new Float32Array(100).fill(0.5)).length;
    }
    expect(Math.abs(total - 16_000)).toBeLessThanOrEqual(1);
    expect(downsampler.process(new Float32Array(441).fill(0.5))).toSatisfy((block: Float32Array) =>
      block.every((value) => Math.abs(value - 0.5) < 1e-6),
    );
  });
});
