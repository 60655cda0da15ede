import { TARGET_SAMPLE_RATE } from './wav';

/**
 * Cuts long audio into chunks at its quietest moments so they can be decoded in parallel and
 * stitched back together with time offsets (issue 4: "long audio is split at silences and
 * decoded on all cores"). Cutting inside a pause loses nothing: recognisers end an utterance
 * there anyway; cutting inside a word would garble it on both sides.
 */

export interface Chunk {
  /** First sample (inclusive). */
  start: number;
  /** Last sample (exclusive). */
  end: number;
}

export interface SplitOptions {
  /** No chunk is planned longer than this (the quiet-point search may stretch it by 25 %). */
  maxChunkSeconds: number;
  /** Medium recordings are cut into at least `parallelism` chunks when each gets this long. */
  minChunkSeconds: number;
  /** How many chunks can run at once; a medium recording is spread across all of them. */
  parallelism: number;
  sampleRate?: number;
}

const FRAME_SECONDS = 0.01;
/** A pause is judged over this long, so a stop consonant's gap does not look like silence. */
const QUIET_WINDOW_SECONDS = 0.3;

export function planChunks(samples: Int16Array, options: SplitOptions): Chunk[] {
  const rate = options.sampleRate ?? TARGET_SAMPLE_RATE;
  const total = samples.length;
  const duration = total / rate;
  let count = Math.max(1, Math.ceil(duration / options.maxChunkSeconds));
  const parallelism = Math.max(1, options.parallelism);
  if (count < parallelism) {
    // A 60 s recording on 4 cores: four 15 s chunks finish sooner than two 30 s ones.
    count = Math.max(count, Math.min(parallelism, Math.floor(duration / options.minChunkSeconds)));
  } else if (count % parallelism !== 0) {
    // 75 s on 2 cores: four chunks of 19 s take two rounds of 19 s, three of 25 s two of 25 s.
    const rounded = Math.ceil(count / parallelism) * parallelism;
    if (duration / rounded >= options.minChunkSeconds) count = rounded;
  }
  if (count === 1) return [{ start: 0, end: total }];

  const frame = Math.max(1, Math.round(FRAME_SECONDS * rate));
  const energy = frameEnergy(samples, frame);
  const windowFrames = Math.max(1, Math.round(QUIET_WINDOW_SECONDS / FRAME_SECONDS));
  const quietness = movingSum(energy, windowFrames);

  const idealFrames = energy.length / count;
  const reach = Math.floor(idealFrames / 4);
  const minGapFrames = Math.floor(idealFrames / 2);
  const cuts: number[] = [];
  let previous = 0;
  for (let i = 1; i < count; i += 1) {
    const target = Math.round(i * idealFrames);
    const from = Math.max(previous + minGapFrames, target - reach);
    const to = Math.min(energy.length - windowFrames, target + reach);
    let best = Math.min(Math.max(from, 0), energy.length - 1);
    let bestValue = Number.POSITIVE_INFINITY;
    for (let f = from; f <= to; f += 1) {
      const value = quietness[f] ?? Number.POSITIVE_INFINITY;
      // Ties (digital silence) go to the window nearest the ideal point, keeping sizes even.
      if (
        value < bestValue ||
        (value === bestValue && Math.abs(f - target) < Math.abs(best - target))
      ) {
        bestValue = value;
        best = f;
      }
    }
    const cutFrame = best + Math.floor(windowFrames / 2);
    if (cutFrame <= previous || cutFrame >= energy.length) continue;
    cuts.push(cutFrame);
    previous = cutFrame;
  }

  const bounds = [0, ...cuts.map((f) => Math.min(total, f * frame)), total];
  const chunks: Chunk[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const start = bounds[i] ?? 0;
    const end = bounds[i + 1] ?? total;
    if (end > start) chunks.push({ start, end });
  }
  return chunks;
}

/** Mean square amplitude of each frame. */
function frameEnergy(samples: Int16Array, frame: number): Float64Array {
  const energy = new Float64Array(Math.ceil(samples.length / frame));
  for (let f = 0; f < energy.length; f += 1) {
    const start = f * frame;
    const end = Math.min(samples.length, start + frame);
    let sum = 0;
    for (let i = start; i < end; i += 1) {
      const value = samples[i] ?? 0;
      sum += value * value;
    }
    energy[f] = sum / (end - start);
  }
  return energy;
}

/** `out[f]` = sum of `values[f .. f + window)`. */
function movingSum(values: Float64Array, window: number): Float64Array {
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i -= 1) {
    sum += values[i] ?? 0;
    if (i + window < values.length) sum -= values[i + window] ?? 0;
    out[i] = sum;
  }
  return out;
}
