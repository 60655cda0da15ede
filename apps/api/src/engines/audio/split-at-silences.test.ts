import { describe, expect, it } from 'vitest';
import { concatSamples, sine } from '../../../test/fixtures/stt/test-audio';
import { planChunks } from './split-at-silences';

const RATE = 16_000;
const silence = (seconds: number): Int16Array => new Int16Array(Math.round(seconds * RATE));
/** Low room noise rather than digital zeros, as in a real recording. */
const roomNoise = (seconds: number): Int16Array =>
  Int16Array.from({ length: Math.round(seconds * RATE) }, (_, i) => ((i * 7919) % 61) - 30);

function expectContiguous(chunks: { start: number; end: number }[], total: number): void {
  expect(chunks[0]?.start).toBe(0);
  expect(chunks.at(-1)?.end).toBe(total);
  chunks.forEach((chunk, i) => {
    expect(chunk.end).toBeGreaterThan(chunk.start);
    if (i > 0) expect(chunk.start).toBe(chunks[i - 1]?.end);
  });
}

describe('planChunks', () => {
  it('cuts long speech in its pauses, never inside a sound', () => {
    // Three 12 s "utterances" with pauses of 0.6 s at 12.0-12.6 s and 24.6-25.2 s.
    const samples = concatSamples([
      sine(12),
      roomNoise(0.6),
      sine(12, 330),
      roomNoise(0.6),
      sine(12, 180),
    ]);
    const chunks = planChunks(samples, { maxChunkSeconds: 15, minChunkSeconds: 5, parallelism: 3 });
    expect(chunks).toHaveLength(3);
    expectContiguous(chunks, samples.length);
    const cuts = chunks.slice(1).map((chunk) => chunk.start / RATE);
    expect(cuts[0]).toBeGreaterThan(12.0);
    expect(cuts[0]).toBeLessThan(12.6);
    expect(cuts[1]).toBeGreaterThan(24.6);
    expect(cuts[1]).toBeLessThan(25.2);
  });

  it('keeps a short recording whole', () => {
    const samples = sine(6);
    expect(
      planChunks(samples, { maxChunkSeconds: 30, minChunkSeconds: 8, parallelism: 4 }),
    ).toEqual([{ start: 0, end: samples.length }]);
  });

  it('spreads a medium recording over every core', () => {
    const samples = concatSamples([sine(9.7), silence(0.6), sine(9.7)]);
    const chunks = planChunks(samples, { maxChunkSeconds: 30, minChunkSeconds: 8, parallelism: 2 });
    expect(chunks).toHaveLength(2);
    expectContiguous(chunks, samples.length);
    const cut = (chunks[1]?.start ?? 0) / RATE;
    expect(cut).toBeGreaterThan(9.7);
    expect(cut).toBeLessThan(10.3);
  });

  it('plans whole rounds of chunks, so no core idles while the last one finishes', () => {
    const samples = sine(75);
    const chunks = planChunks(samples, { maxChunkSeconds: 30, minChunkSeconds: 8, parallelism: 2 });
    expect(chunks).toHaveLength(4);
    expectContiguous(chunks, samples.length);
  });

  it('still cuts continuous sound when there is no pause (at the quietest point it can find)', () => {
    const samples = sine(65);
    const chunks = planChunks(samples, { maxChunkSeconds: 30, minChunkSeconds: 8, parallelism: 1 });
    expect(chunks).toHaveLength(3);
    expectContiguous(chunks, samples.length);
    for (const chunk of chunks)
      expect((chunk.end - chunk.start) / RATE).toBeLessThanOrEqual(30 * 1.25);
  });
});
