/**
 * `npm run bench:stt [-- --corpus librivox|espeak-aci]` (issue 4, "Benchmarks"): word error
 * rate and real-time factor of the configured speech-to-text engine (STT_ENGINE, ...) over
 * - the real LibriVox recordings of Debian's pocketsphinx-testdata (accuracy), and
 * - `<data>/speech/manifest.jsonl`, espeak-ng speech of ACI-BENCH dialogues (plumbing, timing).
 * Not a timed test: it prints the figures for the README's benchmark section. Clips run one at
 * a time, so each has the whole machine (the sphinx engine spreads one clip over every core).
 *
 * Speech data: ACI-BENCH, Yim et al., Nature Scientific Data 2023, CC BY 4.0, spoken by espeak-ng.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  LIBRIVOX_DIR,
  readLibrivoxClips,
  readSpeechManifest,
  type ReferenceClip,
} from '../src/engines/stt/speech-corpora';
import { createSpeechToText } from '../src/engines/stt/stt.registry';
import { normalizeWords, totalWer, wer, type WerResult } from '../src/engines/stt/wer';
import { MEDICATIONS } from '../src/engines/notes/builtin/lexicon';
import { benchDataDir, benchEngineConfig, cpuSeconds, median, runBench } from './bench-support';

interface Row {
  /** The sphinx language model, or the engine's kind for the other engines. */
  model: string;
  clip: ReferenceClip;
  audioSeconds: number;
  wallSeconds: number;
  /** CPU time of this process and its decoders, or null where /proc is missing. */
  cpuSeconds: number | null;
  score: WerResult;
  medications: { said: number; heard: number };
}

/** Single-word medication names of the notes engine's lexicon ("metformin", "lisinopril"). */
const MEDICATION_WORDS = new Set(MEDICATIONS.filter((name) => !name.includes(' ')));

/**
 * How many medication names said in the clip appear in the transcript (each occurrence counted
 * once, in any position): the words that matter most in a note, and the ones a general model
 * cannot say at all.
 */
export function medicationsHeard(
  reference: string,
  hypothesis: string,
): { said: number; heard: number } {
  const heardCounts = new Map<string, number>();
  for (const word of normalizeWords(hypothesis)) {
    if (MEDICATION_WORDS.has(word)) heardCounts.set(word, (heardCounts.get(word) ?? 0) + 1);
  }
  let said = 0;
  let heard = 0;
  for (const word of normalizeWords(reference)) {
    if (!MEDICATION_WORDS.has(word)) continue;
    said += 1;
    const left = heardCounts.get(word) ?? 0;
    if (left > 0) {
      heard += 1;
      heardCounts.set(word, left - 1);
    }
  }
  return { said, heard };
}

const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;
const pad = (text: string, width: number): string => text.padEnd(width);
const num = (value: number, digits = 2): string => value.toFixed(digits).padStart(7);

function summarise(label: string, rows: Row[]): string {
  const said = rows.reduce((sum, row) => sum + row.medications.said, 0);
  const heard = rows.reduce((sum, row) => sum + row.medications.heard, 0);
  const audio = rows.reduce((sum, row) => sum + row.audioSeconds, 0);
  const wall = rows.reduce((sum, row) => sum + row.wallSeconds, 0);
  const cpu = rows.every((row) => row.cpuSeconds !== null)
    ? rows.reduce((sum, row) => sum + (row.cpuSeconds ?? 0), 0)
    : null;
  return [
    pad(label, 26),
    `${String(rows.length).padStart(2)} clips`,
    `${audio.toFixed(1).padStart(6)} s audio`,
    `WER ${pct(totalWer(rows.map((row) => row.score))).padStart(6)} overall`,
    `${pct(median(rows.map((row) => row.score.wer))).padStart(6)} median`,
    `RTF ${(wall / audio).toFixed(3)} overall`,
    `${median(rows.map((row) => row.wallSeconds / row.audioSeconds)).toFixed(3)} median`,
    cpu === null ? 'CPU n/a' : `CPU ${(cpu / audio).toFixed(3)} s per audio s`,
    said === 0
      ? 'no medications said'
      : `medications heard ${heard}/${said} (${pct(heard / said)})`,
  ].join(' | ');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      /** sphinx only: `general` or `consultation`; both, side by side, when not given. */
      model: { type: 'string' },
      /** Another speech manifest, e.g. the train-made dev set of make-stt-dev-set.ts. */
      manifest: { type: 'string' },
    },
  });
  const corpus = values.corpus;
  if (corpus !== undefined && corpus !== 'librivox' && corpus !== 'espeak-aci') {
    process.stderr.write(
      `bench:stt: --corpus must be "librivox" or "espeak-aci", not "${corpus}"\n`,
    );
    return 2;
  }
  const config = benchEngineConfig('bench:stt');
  if (!config) return 2;

  const dataDir = benchDataDir();
  const manifest = values.manifest ?? path.join(dataDir, 'speech', 'manifest.jsonl');
  if (values.model !== undefined && values.model !== 'general' && values.model !== 'consultation') {
    process.stderr.write(`bench:stt: --model must be "general" or "consultation"\n`);
    return 2;
  }
  const clips: ReferenceClip[] = [];
  if (corpus !== 'espeak-aci') {
    if (!existsSync(path.join(LIBRIVOX_DIR, 'transcription'))) {
      process.stderr.write(
        `bench:stt: ${LIBRIVOX_DIR} not found (apt-get install pocketsphinx-testdata)\n`,
      );
      return 2;
    }
    clips.push(...(await readLibrivoxClips()));
  }
  if (corpus !== 'librivox') {
    if (!existsSync(manifest)) {
      process.stderr.write(
        `bench:stt: ${manifest} not found (set CLERKLY_DATA_DIR to the folder holding speech/)\n`,
      );
      return 2;
    }
    clips.push(...(await readSpeechManifest(manifest)));
  }

  type SphinxModel = 'general' | 'consultation';
  const models: SphinxModel[] =
    values.model === 'general' || values.model === 'consultation'
      ? [values.model]
      : ['general', 'consultation'];
  const setups =
    config.stt.kind === 'sphinx'
      ? await Promise.all(
          models.map(async (model) => ({
            model,
            engine: await createSpeechToText({ ...config, stt: { kind: 'sphinx', model } }),
          })),
        )
      : [{ model: config.stt.kind, engine: await createSpeechToText(config) }];
  for (const setup of setups) await setup.engine.check();
  const [cpu] = cpus();
  process.stdout.write(
    [
      ...setups.map((setup) => `engine   ${setup.model}: ${setup.engine.describe()}`),
      `machine  ${cpu?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}, ` +
        `load average ${loadavg()[0]?.toFixed(2) ?? '?'} at start`,
      '',
      `${pad('model', 13)} ${pad('corpus', 11)} ${pad('clip', 30)} ${'audio s'.padStart(7)} ${'wall s'.padStart(7)} ${'RTF'.padStart(7)} ${'CPU s'.padStart(7)} ${'WER'.padStart(7)}  words`,
      '',
    ].join('\n'),
  );

  const rows: Row[] = [];
  for (const { model, engine } of setups)
    for (const clip of clips) {
      const data = await readFile(clip.file);
      const cpuBefore = cpuSeconds();
      const started = performance.now();
      const transcript = await engine.transcribe({ data, filename: clip.file });
      const wallSeconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuSeconds();
      const row: Row = {
        model,
        clip,
        audioSeconds: transcript.durationSeconds,
        wallSeconds,
        cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        score: wer(clip.reference, transcript.text),
        medications: medicationsHeard(clip.reference, transcript.text),
      };
      rows.push(row);
      process.stdout.write(
        `${pad(model, 13)} ${pad(clip.corpus, 11)} ${pad(clip.id, 30)} ${num(row.audioSeconds)} ${num(wallSeconds)} ` +
          `${num(wallSeconds / row.audioSeconds, 3)} ${row.cpuSeconds === null ? '    n/a' : num(row.cpuSeconds)} ` +
          `${pct(row.score.wer).padStart(7)}  ${row.score.referenceWords}\n`,
      );
    }

  const groups = ['librivox', 'espeak-aci'] as const;
  process.stdout.write(
    '\nsummary (WER: errors over all reference words, and the median clip; RTF: wall time / audio time;\n' +
      'CPU: CPU time of the engine and its decoders per second of audio, whatever else the machine runs)\n',
  );
  for (const { model } of setups) {
    for (const group of groups) {
      const members = rows.filter((row) => row.model === model && row.clip.corpus === group);
      if (members.length > 0) process.stdout.write(`${summarise(`${model} ${group}`, members)}\n`);
    }
  }
  if (rows.some((row) => row.clip.corpus === 'espeak-aci')) {
    process.stdout.write(
      '\nSpeech of ACI-BENCH dialogues (Yim et al., Nature Scientific Data 2023, CC BY 4.0), spoken by espeak-ng.\n',
    );
  }
  return 0;
}

runBench('bench:stt', main);
