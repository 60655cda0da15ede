import { SEGMENT_RULES } from '@clerkly/contracts';

/**
 * Cuts the 16 kHz recording into segments while it is captured (issue 9): at the first pause
 * once a segment has `minSeconds`, at the latest at `maxSeconds`. A pause is `pauseMs` of frames
 * whose level stays below the speech threshold, which follows the recent noise floor so that a
 * noisy room and a quiet one both work. Cuts fall in the middle of a pause, or at the quietest
 * moment of the last second when there was no pause, so words are not split.
 */

export type SegmentRules = Pick<
  typeof SEGMENT_RULES,
  'minSeconds' | 'maxSeconds' | 'pauseMs' | 'sampleRate'
>;

/** The level is measured on 20 ms frames. */
const FRAME_MS = 20;
/** Speech is at least this many times the noise floor's level (12 dB). */
const SPEECH_OVER_FLOOR = 4;
/** ...and at least this level (about -60 dBFS), so digital silence has a threshold too. */
const MIN_SPEECH_LEVEL = 0.001;
/** The floor follows a quieter frame at once and rises slowly (about 10 % a second). */
const FLOOR_RISE_PER_FRAME = 1.002;
const FLOOR_RISE_MIN_STEP = 0.00002;
/** A forced cut looks for the quietest frame in this last stretch. */
const FORCED_CUT_SEARCH_MS = 1000;
/** Shorter than this, a tail holds no word: Stop drops it rather than send a click. */
const MIN_TAIL_MS = 100;

export class Segmenter {
  private readonly frameSize: number;
  private readonly minSamples: number;
  private readonly maxSamples: number;
  private readonly pauseFrames: number;
  private buffer: Float32Array;
  private length = 0;
  /** The level (RMS) of each whole frame of the buffer, in order. */
  private levels: number[] = [];
  /** Trailing frames below the speech threshold. */
  private quietRun = 0;
  private floor: number | null = null;

  constructor(
    private readonly onSegment: (samples: Float32Array) => void,
    private readonly rules: SegmentRules = SEGMENT_RULES,
  ) {
    this.frameSize = Math.round((rules.sampleRate * FRAME_MS) / 1000);
    this.minSamples = rules.minSeconds * rules.sampleRate;
    this.maxSamples = rules.maxSeconds * rules.sampleRate;
    this.pauseFrames = Math.ceil(rules.pauseMs / FRAME_MS);
    this.buffer = new Float32Array(this.maxSamples + this.frameSize);
  }

  /** Seconds captured and not cut into a segment yet. */
  get pendingSeconds(): number {
    return this.length / this.rules.sampleRate;
  }

  /** A copy of what is captured and not cut yet (the open segment), e.g. to keep it safe. */
  pendingSamples(): Float32Array {
    return this.buffer.slice(0, this.length);
  }

  push(samples: Float32Array): void {
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(samples.length - offset, this.buffer.length - this.length);
      this.buffer.set(samples.subarray(offset, offset + take), this.length);
      this.length += take;
      offset += take;
      this.analyse();
    }
  }

  /** Ends the current segment here (Stop or Pause): what is buffered becomes a segment. */
  flush(): void {
    const tail = Math.round((this.rules.sampleRate * MIN_TAIL_MS) / 1000);
    if (this.length >= tail) this.cut(this.length);
    else this.reset();
  }

  /** Forgets what is buffered (the recording was abandoned). */
  reset(): void {
    this.length = 0;
    this.levels = [];
    this.quietRun = 0;
  }

  private analyse(): void {
    while ((this.levels.length + 1) * this.frameSize <= this.length) {
      const start = this.levels.length * this.frameSize;
      const level = rms(this.buffer.subarray(start, start + this.frameSize));
      const quiet = level < this.threshold();
      this.updateFloor(level);
      this.levels.push(level);
      this.quietRun = quiet ? this.quietRun + 1 : 0;

      const frameEnd = this.levels.length * this.frameSize;
      // In the middle of the pause: both segments keep a little silence around their words.
      const pauseMiddle = frameEnd - Math.floor(this.quietRun / 2) * this.frameSize;
      if (this.quietRun >= this.pauseFrames && pauseMiddle >= this.minSamples) {
        this.cut(pauseMiddle);
      } else if (frameEnd >= this.maxSamples) {
        this.cut(this.quietestBoundary());
      }
    }
  }

  private threshold(): number {
    return Math.max((this.floor ?? 0) * SPEECH_OVER_FLOOR, MIN_SPEECH_LEVEL);
  }

  private updateFloor(level: number): void {
    if (this.floor === null || level < this.floor) {
      this.floor = level;
      return;
    }
    this.floor = Math.min(
      level,
      Math.max(this.floor * FLOOR_RISE_PER_FRAME, this.floor + FLOOR_RISE_MIN_STEP),
    );
  }

  /** The frame boundary after the quietest frame of the last second (at least the minimum). */
  private quietestBoundary(): number {
    const frames = this.levels.length;
    const searchFrames = Math.round(FORCED_CUT_SEARCH_MS / FRAME_MS);
    const first = Math.max(Math.ceil(this.minSamples / this.frameSize), frames - searchFrames);
    let best = frames - 1;
    for (let index = frames - 1; index >= first; index -= 1) {
      if ((this.levels[index] ?? Infinity) < (this.levels[best] ?? Infinity)) best = index;
    }
    return (best + 1) * this.frameSize;
  }

  /** Emits the first `end` samples as a segment and keeps the rest for the next one. */
  private cut(end: number): void {
    const segment = this.buffer.slice(0, end);
    const rest = this.length - end;
    this.buffer.copyWithin(0, end, this.length);
    this.length = rest;
    const framesCut = Math.floor(end / this.frameSize);
    this.levels = this.levels.slice(framesCut);
    this.quietRun = Math.min(this.quietRun, this.levels.length);
    this.onSegment(segment);
  }
}

function rms(frame: Float32Array): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return frame.length > 0 ? Math.sqrt(sum / frame.length) : 0;
}
