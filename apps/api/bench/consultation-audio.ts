/**
 * The consultations the pipeline benchmarks play (bench:pipeline, bench:capacity): the speech
 * set's dialogues (espeak-ng renderings of ACI-BENCH, ../shared/data/speech; Yim et al., Nature
 * Scientific Data 2023, CC BY 4.0) one after another, 1 s apart, repeated to the chosen length,
 * and cut into segments as the browser cuts them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SEGMENT_RULES } from '@clerkly/contracts';
import { TARGET_SAMPLE_RATE, pcm16FromBytes, readWavHeader } from '../src/engines/audio/wav';
import { readSpeechManifest } from '../src/engines/stt/speech-corpora';
import { quietestCut } from '../src/modules/generation/legacy-upload.segments';
import { benchDataDir } from './bench-support';

/**
 * `minutes` of consultation starting at the `firstClip`-th dialogue, so clinicians recording
 * at once do not all say the same words.
 */
export async function consultation(minutes: number, firstClip = 0): Promise<Int16Array> {
  const dataDir = benchDataDir();
  const manifest = path.join(dataDir, 'speech', 'manifest.jsonl');
  const clips = (await readSpeechManifest(manifest)).map((clip) => {
    const bytes = readFileSync(clip.file);
    const header = readWavHeader(bytes);
    return pcm16FromBytes(bytes.subarray(header.dataOffset, header.dataOffset + header.dataBytes));
  });
  const total = Math.round(minutes * 60 * TARGET_SAMPLE_RATE);
  const out = new Int16Array(total);
  let at = 0;
  for (let i = firstClip; at < total; i += 1) {
    const clip = clips[i % clips.length]!;
    out.set(clip.subarray(0, Math.min(clip.length, total - at)), at);
    at += clip.length + TARGET_SAMPLE_RATE;
  }
  return out;
}

/** Cut at the quietest moment between the segment rules' bounds, as the browser does. */
export function segmentsOf(samples: Int16Array): Int16Array[] {
  const segments: Int16Array[] = [];
  const min = SEGMENT_RULES.minSeconds * TARGET_SAMPLE_RATE;
  const max = SEGMENT_RULES.maxSeconds * TARGET_SAMPLE_RATE;
  let start = 0;
  while (samples.length - start > max) {
    const window = samples.subarray(start, start + max);
    const cut = quietestCut(window, min, max);
    segments.push(samples.subarray(start, start + cut));
    start += cut;
  }
  segments.push(samples.subarray(start));
  return segments;
}
