/**
 * `npm run bench:notes [-- --split train|valid]` (issue 4, "Benchmarks"): the builtin engine with
 * the "Clinic Visit Note" template over ACI-BENCH dialogues, scored against the reference notes
 * by the ROUGE scorer that reproduces the ACI-BENCH paper (`rouge.py`). Not a timed test: it
 * prints the figures for the README's benchmark section.
 *
 * Data: ACI-BENCH, Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for
 * Benchmarking Automatic Visit Note Generation", Nature Scientific Data 2023, CC BY 4.0.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEMPLATE_CATALOGUE } from '../src/db/seed/template-catalogue';
import { createBuiltinNoteEngine } from '../src/engines/notes/builtin.notes';
import { repoRoot } from '../src/lib/paths';

interface Encounter {
  id: string;
  dataset: string;
  dialogue: string;
  note: string;
}

const ATTRIBUTION =
  'Data: ACI-BENCH (Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for Benchmarking Automatic Visit Note Generation", Nature Scientific Data 2023), CC BY 4.0.';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'valid' },
      keep: { type: 'boolean', default: false },
    },
  });
  const split = values.split ?? 'valid';
  if (split !== 'valid' && split !== 'train') {
    process.stderr.write(`bench:notes: --split must be "valid" or "train", not "${split}"\n`);
    return 2;
  }
  const dataDir = process.env.CLERKLY_DATA_DIR ?? path.resolve(repoRoot(), '..', 'shared', 'data');
  const aciDir = path.join(dataDir, 'aci-bench');
  const dataFile = path.join(aciDir, `aci-${split}.jsonl`);
  const scorer = path.join(aciDir, 'rouge.py');
  if (!existsSync(dataFile) || !existsSync(scorer)) {
    process.stderr.write(
      `bench:notes: ACI-BENCH data not found in ${aciDir} (set CLERKLY_DATA_DIR to the folder holding aci-bench/)\n`,
    );
    return 2;
  }
  const template = TEMPLATE_CATALOGUE.find((t) => t.name === 'Clinic Visit Note');
  if (!template) {
    process.stderr.write(
      'bench:notes: the "Clinic Visit Note" template is missing from the catalogue\n',
    );
    return 2;
  }

  const encounters = readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Encounter);
  const engine = createBuiltinNoteEngine();
  const request = (encounter: Encounter) => ({
    transcript: encounter.dialogue,
    template: { name: template.name, kind: template.kind, topics: template.topics },
  });
  // One untimed run first, so the median is the steady state rather than module compilation.
  if (encounters[0]) await engine.generate(request(encounters[0]));
  const timings: number[] = [];
  const preds: string[] = [];
  for (const encounter of encounters) {
    const started = performance.now();
    const note = await engine.generate(request(encounter));
    timings.push(performance.now() - started);
    preds.push(JSON.stringify({ id: encounter.id, note: note.text }));
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-notes-'));
  const predsFile = path.join(workDir, `preds-${split}.jsonl`);
  writeFileSync(predsFile, `${preds.join('\n')}\n`);
  const result = spawnSync('python3', [scorer, '--refs', dataFile, '--preds', predsFile], {
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0) {
    process.stderr.write(
      `bench:notes: rouge.py failed: ${result.error?.message ?? result.stderr.trim()}\n`,
    );
    return 1;
  }
  const scoreLine = result.stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('ROUGE-1'))
    .pop();

  const out = process.stdout;
  out.write(
    `ACI-BENCH ${split} (${encounters.length} encounters), builtin engine, "${template.name}"\n`,
  );
  out.write(`${scoreLine ?? result.stdout.trim()}\n`);
  out.write(
    `generation time per dialogue (after one warm-up run): median ${median(timings).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms\n`,
  );
  out.write(
    'anchors (ACI-BENCH test sets, ROUGE-1): transcript copy 32.8, nearest-train-note retrieval 43.9, GPT-4 51.8, best fine-tuned 53.5\n',
  );
  out.write(`${ATTRIBUTION}\n`);
  if (values.keep) out.write(`predictions kept in ${predsFile}\n`);
  else rmSync(workDir, { recursive: true, force: true });
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `bench:notes: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
