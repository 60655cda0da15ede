/**
 * `npx tsx apps/api/bench/learn-word-usefulness.ts [-- --cv]` (issue 12): learns the word weights
 * the builtin engine prunes with (`src/engines/notes/builtin/prune.ts`) from ACI-BENCH **train
 * only**, and writes `src/engines/notes/builtin/word-usefulness.ts`.
 *
 * The engine writes a "Clinic Visit Note" for each training consultation, in each transcript shape
 * the app receives (tagged, plain, asr: ./transcript-shapes.ts), with pruning off; for
 * each word, the weight is the share of the engine's sentences holding it whose consultation's
 * reference note also has the word (smoothed towards the average with 2 pseudo-sentences). Only
 * words the engine writes in at least 5 consultations get a weight, so no name, place or other
 * detail of one patient is kept. `--cv` checks the pruning threshold instead: weights learned on
 * one half of train prune the other half, ROUGE by the ACI-BENCH scorer, for a few thresholds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { splitNoteSentences } from '@clerkly/contracts';
import { TEMPLATE_CATALOGUE } from '../src/db/seed/template-catalogue';
import { createBuiltinNoteEngine } from '../src/engines/notes/builtin.notes';
import { PRUNE_MIN_WORDS, scoredWords } from '../src/engines/notes/builtin/prune';
import { reshapeTranscript, TRANSCRIPT_SHAPES } from './transcript-shapes';
import { repoRoot } from '../src/lib/paths';
import { benchDataDir } from './bench-support';

interface Encounter {
  id: string;
  dialogue: string;
  note: string;
}

const SMOOTHING = 2;
const MIN_CONSULTATIONS = 5;
const HEADING = /^[A-Z][A-Z /&]+$/;

interface Weights {
  prior: number;
  words: Record<string, number>;
}

/** Lines of a rendered note that hold sentences, each split into its sentences. */
function noteSentences(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => (HEADING.test(line.trim()) ? [] : splitNoteSentences(line)));
}

function learn(encounters: Encounter[], notes: Map<string, string[]>): Weights {
  const seen = new Map<string, number>();
  const kept = new Map<string, number>();
  const consultations = new Map<string, Set<string>>();
  for (const e of encounters) {
    const reference = new Set(scoredWords(e.note));
    for (const sentence of (notes.get(e.id) ?? []).flatMap((n) => noteSentences(n).flat())) {
      for (const w of new Set(scoredWords(sentence))) {
        seen.set(w, (seen.get(w) ?? 0) + 1);
        if (reference.has(w)) kept.set(w, (kept.get(w) ?? 0) + 1);
        const ids = consultations.get(w) ?? new Set<string>();
        ids.add(e.id);
        consultations.set(w, ids);
      }
    }
  }
  let seenAll = 0;
  let keptAll = 0;
  for (const n of seen.values()) seenAll += n;
  for (const n of kept.values()) keptAll += n;
  const prior = seenAll === 0 ? 0 : keptAll / seenAll;
  const words: Record<string, number> = {};
  for (const [w, n] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if ((consultations.get(w)?.size ?? 0) < MIN_CONSULTATIONS) continue;
    words[w] = Math.round((100 * ((kept.get(w) ?? 0) + SMOOTHING * prior)) / (n + SMOOTHING)) / 100;
  }
  return { prior: Math.round(prior * 100) / 100, words };
}

function prune(text: string, weights: Weights, threshold: number): string {
  const score = (sentence: string) => {
    const words = new Set(scoredWords(sentence));
    let sum = 0;
    for (const w of words) sum += weights.words[w] ?? weights.prior;
    return words.size === 0 ? 1 : sum / words.size;
  };
  return text
    .split('\n')
    .map((line) =>
      HEADING.test(line.trim())
        ? line
        : splitNoteSentences(line)
            .filter((s) => scoredWords(s).length < PRUNE_MIN_WORDS || score(s) >= threshold)
            .join(' '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { cv: { type: 'boolean', default: false } } });
  const dataDir = benchDataDir();
  const dataFile = path.join(dataDir, 'aci-bench', 'aci-train.jsonl');
  const encounters = readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Encounter);
  const template = TEMPLATE_CATALOGUE.find((t) => t.name === 'Clinic Visit Note');
  if (!template) throw new Error('the "Clinic Visit Note" template is missing');
  const engine = createBuiltinNoteEngine(undefined, { prune: false });
  // The engine writes from every transcript shape the app receives (issue 21), so it learns from
  // its notes on all three: each consultation's notes, one after the other, against its reference.
  const notes = new Map<string, string[]>();
  for (const e of encounters) {
    const texts: string[] = [];
    for (const shape of TRANSCRIPT_SHAPES) {
      const note = await engine.generate({
        transcript: reshapeTranscript(e.dialogue, shape),
        template: { name: template.name, kind: template.kind, topics: template.topics },
      });
      texts.push(note.text);
    }
    notes.set(e.id, texts);
  }

  if (!values.cv) {
    const weights = learn(encounters, notes);
    const target = path.resolve(
      repoRoot(),
      'apps/api/src/engines/notes/builtin/word-usefulness.ts',
    );
    const entries = Object.entries(weights.words)
      .map(([w, v]) => `    ${/^[a-z_]\w*$/.test(w) ? w : `'${w}'`}: ${v},`)
      .join('\n');
    writeFileSync(
      target,
      `// Generated by apps/api/bench/learn-word-usefulness.ts from ACI-BENCH train (${encounters.length} consultations); do not edit.\n` +
        `export const WORD_USEFULNESS: { prior: number; words: Readonly<Record<string, number>> } = {\n` +
        `  prior: ${weights.prior},\n  words: {\n${entries}\n  },\n};\n`,
    );
    process.stdout.write(`${Object.keys(weights.words).length} words → ${target}\n`);
    return;
  }

  // Two folds of train: weights from one half prune the other half's notes.
  const halves = [0, 1].map((k) => encounters.filter((_, i) => i % 2 === k));
  const weights = halves.map((half) => learn(half, notes));
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-learn-'));
  const scorer = path.join(dataDir, 'aci-bench', 'rouge.py');
  for (const threshold of [0, 0.55, 0.58, 0.6, 0.62, 0.64]) {
    TRANSCRIPT_SHAPES.forEach((shape, s) => {
      const preds = halves.flatMap((half, k) =>
        half.map((e) =>
          JSON.stringify({
            id: e.id,
            note: prune(notes.get(e.id)?.[s] ?? '', weights[1 - k] as Weights, threshold),
          }),
        ),
      );
      const file = path.join(workDir, `cv-${threshold}-${shape}.jsonl`);
      writeFileSync(file, `${preds.join('\n')}\n`);
      const result = spawnSync('python3', [scorer, '--refs', dataFile, '--preds', file], {
        encoding: 'utf8',
      });
      const line = result.stdout.trim().split('\n').pop() ?? result.stderr;
      process.stdout.write(`threshold ${threshold.toFixed(2)}, ${shape}: ${line}\n`);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
