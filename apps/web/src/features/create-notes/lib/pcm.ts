/** Pure sample arithmetic behind the browser-side WAV conversion (no Web Audio here). */

/** Samples a signal of `length` samples at `fromRate` has once resampled to `toRate`. */
export function resampledLength(length: number, fromRate: number, toRate: number): number {
  if (length <= 0 || fromRate <= 0 || toRate <= 0) return 0;
  return Math.max(1, Math.round((length * toRate) / fromRate));
}

/** The average of the channels, as a mono speaker downmix does. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const length = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let index = 0; index < length; index += 1) {
      mono[index] = (mono[index] ?? 0) + (channel[index] ?? 0) / channels.length;
    }
  }
  return mono;
}

/**
 * Recordings joined in the order they were made (spec point 4: a later recording is appended
 * to the earlier audio).
 */
export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const merged = new Int16Array(total);
  let offset = 0;
  for (const part of parts) {
    merged.set(part, offset);
    offset += part.length;
  }
  return merged;
}

/** Whole seconds, as the session update wants them (spec point 3 "duration (whole number)"). */
export const wholeSeconds = (samples: number, sampleRate: number): number =>
  sampleRate > 0 ? Math.round(samples / sampleRate) : 0;
