/**
 * Streaming conversion of microphone samples (usually 44.1 or 48 kHz) to the 16 kHz the speech
 * engines read (issue 9). Each output sample is the mean of the input it covers (area averaging,
 * fractions at the edges), which is the low-pass filter a decimation needs, and it carries over
 * between calls so that blocks of any size join seamlessly.
 */
export class Downsampler {
  /** Input samples per output sample. */
  private readonly ratio: number;
  private sum = 0;
  /** How much input (in samples) the pending output sample has taken so far. */
  private filled = 0;
  /** For input slower than the output: the position of the next output sample in the input. */
  private upPosition = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError('Sample rates must be positive');
    this.ratio = fromRate / toRate;
  }

  process(input: Float32Array): Float32Array {
    if (this.ratio === 1) return input.slice();
    if (this.ratio < 1) return this.upsample(input);
    const output = new Float32Array(Math.ceil((input.length + this.filled) / this.ratio) + 1);
    let written = 0;
    for (const sample of input) {
      const room = this.ratio - this.filled;
      if (room > 1) {
        this.sum += sample;
        this.filled += 1;
        continue;
      }
      // This sample completes the output sample; what is left of it starts the next one.
      output[written++] = (this.sum + sample * room) / this.ratio;
      this.sum = sample * (1 - room);
      this.filled = 1 - room;
    }
    return output.subarray(0, written);
  }

  /** A microphone slower than 16 kHz (rare): the nearest earlier sample, repeated. */
  private upsample(input: Float32Array): Float32Array {
    const output: number[] = [];
    while (this.upPosition < input.length) {
      output.push(input[Math.floor(this.upPosition)] ?? 0);
      this.upPosition += this.ratio;
    }
    this.upPosition -= input.length;
    return Float32Array.from(output);
  }
}
