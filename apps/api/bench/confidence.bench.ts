/**
 * `npm run bench:confidence [-- --corpus librivox|espeak-aci] [-- --without-posteriors]`
 * (issue 24): how well the recogniser's word confidence tells right words from wrong ones, and
 * whether the notes written from recognised transcripts launder what it was unsure of.
 *
 * For each clip of the speech sets (Debian's LibriVox clips; espeak-ng speech of ACI-BENCH
 * dialogues), the configured engine (STT_ENGINE, SPHINX_MODEL, ...) transcribes it, each
 * recognised word is aligned to the reference (`alignWords`) and the bench reports:
 * - AUROC of confidence for "the word is right" (0.5 = no better than chance);
 * - a reliability table: words per confidence band and the share of them that were right;
 * - the share of words flagged uncertain (below UNCERTAIN_BELOW);
 * - for notes the builtin engine writes from the recognised transcripts (SOAP, Clinic Visit),
 *   the share of **unmarked** sentences whose evidence words were mostly wrong, and of those that
 *   take a wrong word of their own (a copied "shoulder control" for "sugar control"), with and
 *   without the confidences, and the share of sentences marked;
 * - how many clips would show the quality notice above their notes (`poorlyRecognised`);
 * - word error rate and decoder CPU per audio second (what the posteriors cost: compare a run
 *   with `--without-posteriors`).
 * The machine may be shared: CPU seconds, not wall time, are the figure to compare.
 *
 * Speech data: ACI-BENCH, Yim et al., Nature Scientific Data 2023, CC BY 4.0, spoken by espeak-ng.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  UNCERTAIN_BELOW,
  confidenceTokens,
  isUncertain,
  poorlyRecognised,
  sentenceTokens,
  type WordConfidence,
} from '@clerkly/contracts';
import { TEMPLATE_CATALOGUE } from '../src/db/seed/template-catalogue';
import { createBuiltinNoteEngine } from '../src/engines/notes/builtin.notes';
import { builtinSynonyms } from '../src/engines/notes/evidence';
import {
  LIBRIVOX_DIR,
  readLibrivoxClips,
  readSpeechManifest,
  type ReferenceClip,
} from '../src/engines/stt/speech-corpora';
import { transcriptText } from '../src/engines/stt/speech-to-text';
import { createSpeechToText } from '../src/engines/stt/stt.registry';
import { alignWords, totalWer, wer, type WerResult } from '../src/engines/stt/wer';
import { benchDataDir, benchEngineConfig, cpuSeconds } from './bench-support';

interface ScoredWord {
  confidence: number | null;
  right: boolean;
}

/** Probability that a random right word has a higher confidence than a random wrong one. */
export function auroc(words: readonly ScoredWord[]): number | null {
  const scored = words.filter(
    (w): w is { confidence: number; right: boolean } => w.confidence !== null,
  );
  const positives = scored.filter((w) => w.right).length;
  const negatives = scored.length - positives;
  if (positives === 0 || negatives === 0) return null;
  // Mann–Whitney U with mid-ranks for ties.
  const sorted = [...scored].sort((a, b) => a.confidence - b.confidence);
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]?.confidence === sorted[i]?.confidence) j += 1;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k += 1) if (sorted[k]?.right) rankSum += midRank;
    i = j;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

const BANDS = [0, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0001];

function reliabilityTable(words: readonly ScoredWord[]): string[] {
  const lines = [
    '| Confidence | Words | Right | Mean confidence |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (let b = 0; b < BANDS.length - 1; b += 1) {
    const low = BANDS[b] ?? 0;
    const high = BANDS[b + 1] ?? 1;
    const band = words.filter(
      (w) => w.confidence !== null && w.confidence >= low && w.confidence < high,
    );
    if (band.length === 0) continue;
    const right = band.filter((w) => w.right).length / band.length;
    const mean = band.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / band.length;
    lines.push(
      `| ${low.toFixed(2)}–${Math.min(1, high).toFixed(2)} | ${band.length} | ${pct(right)} | ${mean.toFixed(2)} |`,
    );
  }
  return lines;
}

const pct = (value: number): string => `${(value * 100).toFixed(1)} %`;

interface NoteTally {
  sentences: number;
  marked: number;
  unmarked: number;
  /** Unmarked sentences whose evidence words were mostly misrecognised. */
  unmarkedOnWrong: number;
  /** Unmarked sentences that take a misrecognised word of their own (`sentenceTokens`). */
  unmarkedTakingWrong: number;
}

/**
 * The builtin notes written from one recognised transcript, each sentence's evidence words held
 * against which recognised words were right.
 */
async function tallyNotes(
  transcript: string,
  words: WordConfidence[],
  right: boolean[],
  withConfidences: boolean,
): Promise<NoteTally> {
  const engine = createBuiltinNoteEngine();
  const tokens = confidenceTokens(transcript, words);
  const tally: NoteTally = {
    sentences: 0,
    marked: 0,
    unmarked: 0,
    unmarkedOnWrong: 0,
    unmarkedTakingWrong: 0,
  };
  for (const name of ['SOAP Note', 'Clinic Visit Note']) {
    const template = TEMPLATE_CATALOGUE.find((entry) => entry.name === name);
    if (!template) throw new Error(`bench:confidence: the "${name}" template is missing`);
    let note;
    try {
      note = await engine.generate({
        transcript,
        template: { name: template.name, kind: template.kind, topics: template.topics },
        ...(withConfidences ? { wordConfidences: words } : {}),
      });
    } catch {
      continue; // a transcript with no words to write from: no sentences
    }
    for (const entry of note.evidence ?? []) {
      if (entry.spans.length === 0) continue; // "Not discussed.": no claim
      tally.sentences += 1;
      const marked = !entry.supported || entry.uncertain === true;
      if (marked) {
        tally.marked += 1;
        continue;
      }
      tally.unmarked += 1;
      let inSpan = 0;
      let wrong = 0;
      for (const token of tokens) {
        if (token.word === null) continue;
        if (!entry.spans.some((span) => token.start < span.end && token.end > span.start)) continue;
        inSpan += 1;
        if (right[token.word] === false) wrong += 1;
      }
      if (inSpan > 0 && wrong / inSpan > 0.5) tally.unmarkedOnWrong += 1;
      const own = sentenceTokens(tokens, entry, builtinSynonyms());
      if (own.some((token) => token.word !== null && right[token.word] === false)) {
        tally.unmarkedTakingWrong += 1;
      }
    }
  }
  return tally;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      'without-posteriors': { type: 'boolean', default: false },
      /** Extra pocketsphinx arguments, e.g. "-fwdflat yes", to measure other search settings. */
      'decoder-args': { type: 'string' },
      /** Writes every recognised word (set, clip, word, times, confidence, right) as JSON lines. */
      dump: { type: 'string' },
    },
  });
  const corpus = values.corpus;
  if (corpus !== undefined && corpus !== 'librivox' && corpus !== 'espeak-aci') {
    process.stderr.write(`bench:confidence: --corpus must be "librivox" or "espeak-aci"\n`);
    return 2;
  }
  const config = benchEngineConfig('bench:confidence');
  if (!config) return 2;
  const dataDir = benchDataDir();
  const manifest = path.join(dataDir, 'speech', 'manifest.jsonl');
  const sets: { name: string; clips: ReferenceClip[] }[] = [];
  if (corpus !== 'espeak-aci') {
    if (!existsSync(path.join(LIBRIVOX_DIR, 'transcription'))) {
      process.stderr.write(`bench:confidence: ${LIBRIVOX_DIR} not found (pocketsphinx-testdata)\n`);
      return 2;
    }
    sets.push({ name: 'LibriVox (read speech)', clips: await readLibrivoxClips() });
  }
  if (corpus !== 'librivox') {
    if (!existsSync(manifest)) {
      process.stderr.write(`bench:confidence: ${manifest} not found (set CLERKLY_DATA_DIR)\n`);
      return 2;
    }
    sets.push({
      name: 'espeak-ng ACI-BENCH consultations',
      clips: await readSpeechManifest(manifest),
    });
  }
  const engine = await createSpeechToText(config, undefined, {
    sphinx: {
      wordPosteriors: !values['without-posteriors'],
      ...(values['decoder-args'] ? { decoderArgs: values['decoder-args'].split(/\s+/) } : {}),
    },
  });
  await engine.check();
  const [cpu] = cpus();
  const out = process.stdout;
  out.write(
    `engine   ${engine.describe()}\n` +
      `posteriors ${values['without-posteriors'] ? 'off' : 'on'}; ` +
      `extra decoder arguments: ${values['decoder-args'] ?? 'none'}; uncertain below ${UNCERTAIN_BELOW}\n` +
      `machine  ${cpu?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, shared; ` +
      `load average ${loadavg()[0]?.toFixed(2) ?? '?'} at start\n\n`,
  );
  const summary: string[] = [
    '| Set | Words | WER | CPU s per audio s | AUROC | Flagged | Unmarked on wrong words, before → after | Unmarked taking a wrong word, before → after | Sentences marked | Quality notice |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const set of sets) {
    const scored: ScoredWord[] = [];
    const scores: WerResult[] = [];
    const before: NoteTally = {
      sentences: 0,
      marked: 0,
      unmarked: 0,
      unmarkedOnWrong: 0,
      unmarkedTakingWrong: 0,
    };
    const after: NoteTally = { ...before };
    let audio = 0;
    let cpuUsed = 0;
    let noticed = 0;
    for (const clip of set.clips) {
      const data = readFileSync(clip.file);
      const cpuBefore = cpuSeconds() ?? 0;
      const transcript = await engine.transcribe({
        data,
        mimeType: 'audio/wav',
        filename: path.basename(clip.file),
      });
      cpuUsed += (cpuSeconds() ?? 0) - cpuBefore;
      audio += transcript.durationSeconds;
      const recognised = transcript.words.map((word) => word.word);
      const right = alignWords(clip.reference, recognised);
      scores.push(wer(clip.reference, recognised.join(' ')));
      transcript.words.forEach((word, i) =>
        scored.push({ confidence: word.confidence ?? null, right: right[i] ?? true }),
      );
      if (values.dump) {
        const lines = transcript.words.map((word, i) =>
          JSON.stringify({ set: set.name, clip: clip.id, ...word, right: right[i] ?? true }),
        );
        appendFileSync(values.dump, `${lines.join('\n')}\n`);
      }
      const words = transcript.words.map((word) => ({
        word: word.word,
        confidence: word.confidence ?? 1,
      }));
      const text = transcriptText(transcript);
      const notice = poorlyRecognised(words);
      if (notice) noticed += 1;
      for (const [tally, withConfidences] of [
        [before, false],
        [after, true],
      ] as const) {
        const clipTally = await tallyNotes(text, words, right, withConfidences);
        tally.sentences += clipTally.sentences;
        tally.marked += clipTally.marked;
        tally.unmarked += clipTally.unmarked;
        tally.unmarkedOnWrong += clipTally.unmarkedOnWrong;
        tally.unmarkedTakingWrong += clipTally.unmarkedTakingWrong;
      }
      out.write(
        `${clip.id.padEnd(46)} ${transcript.words.length} words, WER ${pct(scores.at(-1)?.wer ?? 0)}` +
          `${notice ? ', quality notice' : ''}\n`,
      );
    }
    const area = auroc(scored);
    const flagged = scored.filter((w) => isUncertain(w.confidence)).length / (scored.length || 1);
    const share = (t: NoteTally) => (t.unmarked === 0 ? 0 : t.unmarkedOnWrong / t.unmarked);
    const taking = (t: NoteTally) => (t.unmarked === 0 ? 0 : t.unmarkedTakingWrong / t.unmarked);
    out.write(`\n${set.name}: reliability\n${reliabilityTable(scored).join('\n')}\n\n`);
    summary.push(
      `| ${set.name} | ${scored.length} | ${pct(totalWer(scores))} | ${(cpuUsed / audio).toFixed(3)} | ` +
        `${area === null ? 'n/a' : area.toFixed(3)} | ${pct(flagged)} | ` +
        `${pct(share(before))} (${before.unmarkedOnWrong}/${before.unmarked}) → ${pct(share(after))} (${after.unmarkedOnWrong}/${after.unmarked}) | ` +
        `${pct(taking(before))} (${before.unmarkedTakingWrong}/${before.unmarked}) → ${pct(taking(after))} (${after.unmarkedTakingWrong}/${after.unmarked}) | ` +
        `${after.marked}/${after.sentences} | ${noticed}/${set.clips.length} clips |`,
    );
  }
  out.write(`${summary.join('\n')}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench:confidence: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
