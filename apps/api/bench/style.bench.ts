/**
 * `npm run bench:style` (issue 27, item 4): does learning from edits bring the builtin engine's
 * drafts closer to a clinician's notes? ACI-BENCH's three subsets (virtassist, virtscribe, aci)
 * were written in three house styles. For each subset a simulated clinician saves the reference
 * note of each train encounter in turn — the "edit" is the engine's draft (written with the
 * profile learned so far, as in the app) → the reference note — and the drafts of the subset's
 * valid encounters are scored (ROUGE-1 / ROUGE-Lsum, ACI-BENCH's scorer) with no profile and with
 * the profile learned from 5, 10 and all its train notes. Also scored on valid: a template built
 * from the subset's most typical train reference note (`typicalNote`) ("From an example note", the own-templates
 * section finder), against the catalogue's "Clinic Visit Note". Valid is scored, never tuned on.
 *
 * Data: ACI-BENCH, Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for
 * Benchmarking Automatic Visit Note Generation", Nature Scientific Data 2023, CC BY 4.0.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sectionsFromExampleNote } from '@clerkly/contracts';
import { TEMPLATE_CATALOGUE } from '../src/db/seed/template-catalogue';
import { createBuiltinNoteEngine } from '../src/engines/notes/builtin.notes';
import type { GeneratedNote, NoteTemplate } from '../src/engines/notes/note-engine';
import {
  emptyLearnedStyle,
  learnFromEdit,
  stylePreferences,
  type LearnedStyle,
} from '../src/engines/notes/style-learning';
import { repoRoot } from '../src/lib/paths';
import { runBench } from './bench-support';

interface Encounter {
  id: string;
  dataset: string;
  dialogue: string;
  note: string;
}

const SUBSETS = ['virtassist', 'virtscribe', 'aci'] as const;
/** Profiles scored after this many train notes (and after all of them). */
const CHECKPOINTS = [5, 10] as const;

const ATTRIBUTION =
  'Data: ACI-BENCH (Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for Benchmarking Automatic Visit Note Generation", Nature Scientific Data 2023), CC BY 4.0.';

interface Rouge {
  rouge1: number;
  rougeLsum: number;
}

function readEncounters(file: string): Encounter[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Encounter);
}

/** Mean per-document F1 ×100 of `notes` against their encounters' reference notes (rouge.py). */
function score(
  scorer: string,
  workDir: string,
  name: string,
  encounters: readonly Encounter[],
  notes: readonly GeneratedNote[],
): Rouge {
  const refs = path.join(workDir, `${name}-refs.jsonl`);
  const preds = path.join(workDir, `${name}-preds.jsonl`);
  writeFileSync(refs, encounters.map((e) => JSON.stringify({ id: e.id, note: e.note })).join('\n'));
  writeFileSync(
    preds,
    notes.map((n, i) => JSON.stringify({ id: encounters[i]?.id, note: n.text })).join('\n'),
  );
  const result = spawnSync('python3', [scorer, '--refs', refs, '--preds', preds], {
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0) {
    throw new Error(`rouge.py failed: ${result.error?.message ?? result.stderr.trim()}`);
  }
  const json = result.stdout.slice(0, result.stdout.lastIndexOf('}') + 1);
  const parsed = JSON.parse(json) as {
    unstemmed: { rouge1: { f: number }; rougeLsum: { f: number } };
  };
  return {
    rouge1: 100 * parsed.unstemmed.rouge1.f,
    rougeLsum: 100 * parsed.unstemmed.rougeLsum.f,
  };
}

/**
 * The note a clinician would paste as "an example of how I write": the train note whose sections
 * agree most with the subset's other train notes (mean Jaccard of the section titles), the first
 * of equals. ACI-BENCH's subsets mix layouts (in "aci" only half the notes have a History of
 * Present Illness), so the first note can be an outlier; only train notes are read.
 */
function typicalNote(train: readonly Encounter[]): Encounter {
  const titlesOf = (e: Encounter) =>
    new Set(sectionsFromExampleNote(e.note).map((s) => s.title.toLowerCase()));
  const titles = train.map(titlesOf);
  const agreement = (a: Set<string>, b: Set<string>) =>
    [...a].filter((t) => b.has(t)).length / new Set([...a, ...b]).size;
  let best = 0;
  let bestScore = -1;
  titles.forEach((mine, i) => {
    const score = titles.reduce(
      (sum, other, j) => (i === j ? sum : sum + agreement(mine, other)),
      0,
    );
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return train[best]!;
}

const fmt = (r: Rouge) => `${r.rouge1.toFixed(2)} / ${r.rougeLsum.toFixed(2)}`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { on: { type: 'string', default: 'valid' } } });
  // `--on train` (for developing the learner, never tuned on valid): each subset learns from the
  // first half of its train notes and is scored on the second half.
  const onTrain = values.on === 'train';
  if (!onTrain && values.on !== 'valid') {
    process.stderr.write(`bench:style: --on must be "valid" or "train", not "${values.on}"\n`);
    return 2;
  }
  const dataDir = process.env.CLERKLY_DATA_DIR ?? path.resolve(repoRoot(), '..', 'shared', 'data');
  const aciDir = path.join(dataDir, 'aci-bench');
  const scorer = path.join(aciDir, 'rouge.py');
  const trainFile = path.join(aciDir, 'aci-train.jsonl');
  const validFile = path.join(aciDir, 'aci-valid.jsonl');
  if (![scorer, trainFile, validFile].every(existsSync)) {
    process.stderr.write(
      `bench:style: ACI-BENCH data not found in ${aciDir} (set CLERKLY_DATA_DIR to the folder holding aci-bench/)\n`,
    );
    return 2;
  }
  const catalogue = TEMPLATE_CATALOGUE.find((t) => t.name === 'Clinic Visit Note');
  if (!catalogue) {
    process.stderr.write('bench:style: "Clinic Visit Note" is missing from the catalogue\n');
    return 2;
  }
  const clinicVisit: NoteTemplate = {
    name: catalogue.name,
    kind: catalogue.kind,
    topics: catalogue.topics,
  };
  const allTrain = readEncounters(trainFile);
  const allValid = readEncounters(validFile);
  const engine = createBuiltinNoteEngine();
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-style-'));
  const out = process.stdout;
  out.write(`ACI-BENCH, builtin engine, "Clinic Visit Note", tagged dialogues\n`);

  const rows: string[] = [];
  const draftsOf = async (
    encounters: readonly Encounter[],
    template: NoteTemplate,
    learned?: LearnedStyle,
  ) => {
    const notes: GeneratedNote[] = [];
    for (const e of encounters) {
      notes.push(
        await engine.generate({
          transcript: e.dialogue,
          template,
          ...(learned ? { style: { learned } } : {}),
        }),
      );
    }
    return notes;
  };
  const unsupported = (notes: readonly GeneratedNote[]) =>
    notes.reduce(
      (n, note) =>
        n + (note.evidence ?? []).filter((s) => !s.supported).length + (note.safety ?? []).length,
      0,
    );

  for (const subset of SUBSETS) {
    const inSubset = (e: Encounter) => e.dataset.endsWith(`/${subset}`);
    const trainOfSubset = allTrain.filter(inSubset);
    const half = Math.ceil(trainOfSubset.length / 2);
    const subsetTrain = onTrain ? trainOfSubset.slice(0, half) : trainOfSubset;
    const subsetValid = onTrain ? trainOfSubset.slice(half) : allValid.filter(inSubset);
    const label = onTrain
      ? `${subset} (train ${subsetTrain.length}, held-out train ${subsetValid.length})`
      : `${subset} (train ${subsetTrain.length}, valid ${subsetValid.length})`;
    out.write(`\n${label}\n`);

    const base = score(
      scorer,
      workDir,
      `${subset}-none`,
      subsetValid,
      await draftsOf(subsetValid, clinicVisit),
    );
    out.write(`  no profile: ROUGE-1 / ROUGE-Lsum ${fmt(base)}\n`);
    const cells = [fmt(base)];
    let learned = emptyLearnedStyle();
    const checkpoints = [...CHECKPOINTS.filter((n) => n < subsetTrain.length), subsetTrain.length];
    let learnedFrom = 0;
    let unsupportedSentences = 0;
    for (const checkpoint of checkpoints) {
      for (; learnedFrom < checkpoint; learnedFrom++) {
        const encounter = subsetTrain[learnedFrom]!;
        const [draft] = await draftsOf([encounter], clinicVisit, learned);
        learned = learnFromEdit(learned, draft!.text, encounter.note);
      }
      const notes = await draftsOf(subsetValid, clinicVisit, learned);
      unsupportedSentences += unsupported(notes);
      const r = score(scorer, workDir, `${subset}-${checkpoint}`, subsetValid, notes);
      cells.push(fmt(r));
      out.write(
        `  profile from ${checkpoint} train notes: ${fmt(r)} (ROUGE-1 ${r.rouge1 - base.rouge1 >= 0 ? '+' : ''}${(r.rouge1 - base.rouge1).toFixed(2)})\n`,
      );
    }
    while (cells.length < CHECKPOINTS.length + 2) cells.splice(cells.length - 1, 0, '—');
    out.write(`  learned: ${stylePreferences(learned).join('; ') || '(nothing)'}\n`);
    out.write(
      `  sentences without evidence or with a safety finding in the profiled valid drafts: ${unsupportedSentences}\n`,
    );

    const example = typicalNote(subsetTrain);
    const sections = sectionsFromExampleNote(example.note);
    const fromExample: NoteTemplate = {
      name: `${subset} example note`,
      kind: 'note',
      topics: sections.map((s) => ({
        name: s.title,
        guidance: s.guidance,
        format: s.format,
        ...(s.example ? { example: s.example } : {}),
      })),
    };
    const exampleScore = score(
      scorer,
      workDir,
      `${subset}-example`,
      subsetValid,
      await draftsOf(subsetValid, fromExample),
    );
    out.write(
      `  template from the example note ${example.id} (${sections.map((s) => s.title).join(', ')}): ${fmt(exampleScore)}\n`,
    );
    rows.push(`| ${label} | ${cells.join(' | ')} | ${fmt(exampleScore)} |`);
  }
  out.write(
    '\n| Subset | No profile | Profile from 5 | from 10 | from all train | Template from one example note |\n',
  );
  out.write('| --- | --- | --- | --- | --- | --- |\n');
  for (const row of rows) out.write(`${row}\n`);
  out.write("(each cell: ROUGE-1 / ROUGE-Lsum on the subset's scored encounters)\n");
  out.write(`${ATTRIBUTION}\n`);
  rmSync(workDir, { recursive: true, force: true });
  return 0;
}

runBench('bench:style', main);
