/**
 * `npm run bench:facts`: an audit of the facts the builtin engine reads from a consultation
 * against the clinician's reference note, on ACI-BENCH (train by default; `-- --split valid`,
 * `-- --list` to print every candidate). Not a score: each count is of **candidates to read** —
 * a number the "Clinic Visit Note" writes that the reference never gives, a medicine or past
 * condition the reference never names, a symptom the engine denies where the reference only
 * reports it (or the reverse), a reason for the visit the reference does not share. The
 * reference abbreviates and leaves things out, so many candidates are right; the wrong ones are
 * what the 28 Nov fixes came from ("Penicillin 3 times a day" after "penicillin, I am sorry,
 * amoxicillin"; "Temperature: 98 °F" for 98.7; a family's conditions as the patient's history).
 *
 * Data: ACI-BENCH, Yim et al., Nature Scientific Data 2023, CC BY 4.0.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEMPLATE_CATALOGUE } from '../src/db/seed/template-catalogue';
import { createBuiltinNoteEngine } from '../src/engines/notes/builtin.notes';
import { analyseConsultation } from '../src/engines/notes/builtin/consultation';
import { benchDataDir, runBench } from './bench-support';

interface Encounter {
  id: string;
  dialogue: string;
  note: string;
}

/** Words that say a finding is absent, in a reference note's sentence. */
const DENIES = /\b(?:denies|negative for|no|not|without)\b/;

/** Whether the reference names a term: its first word of four or more letters, stem-matched. */
function names(reference: string, term: string): boolean {
  const words = term
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 3);
  return words.length === 0 || words.some((w) => reference.includes(w.slice(0, 5)));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'train' },
      list: { type: 'boolean', default: false },
    },
  });
  const split = values.split ?? 'train';
  if (split !== 'train' && split !== 'valid') {
    process.stderr.write(`bench:facts: --split must be "train" or "valid", not "${split}"\n`);
    return 2;
  }
  const file = path.join(benchDataDir(), 'aci-bench', `aci-${split}.jsonl`);
  if (!existsSync(file)) {
    process.stderr.write(`bench:facts: ${file} not found (set CLERKLY_DATA_DIR)\n`);
    return 2;
  }
  const encounters = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Encounter);
  const catalogue = TEMPLATE_CATALOGUE.find((t) => t.name === 'Clinic Visit Note');
  if (!catalogue) {
    process.stderr.write('bench:facts: "Clinic Visit Note" is missing from the catalogue\n');
    return 2;
  }
  const template = { name: catalogue.name, kind: catalogue.kind, topics: catalogue.topics };
  const engine = createBuiltinNoteEngine();

  const counts = new Map<string, { read: number; candidates: number }>();
  const candidate = (kind: string, read: boolean, id: string, detail: string) => {
    const entry = counts.get(kind) ?? { read: 0, candidates: 0 };
    entry.read += 1;
    if (read) {
      entry.candidates += 1;
      if (values.list) process.stdout.write(`  ${kind} | ${id} | ${detail}\n`);
    }
    counts.set(kind, entry);
  };

  for (const e of encounters) {
    const reference = e.note.toLowerCase();
    const sentences = reference.split(/[.\n]/);
    const note = (await engine.generate({ transcript: e.dialogue, template })).text;
    const referenceNumbers = new Set(e.note.match(/\d+(?:\.\d+)?/g) ?? []);
    for (const line of note.split('\n')) {
      for (const n of line.match(/\d+(?:\.\d+)?/g) ?? []) {
        candidate('number', !referenceNumbers.has(n), e.id, `${n}: ${line.slice(0, 140)}`);
      }
    }
    const c = analyseConsultation(e.dialogue);
    for (const m of c.medications) {
      candidate('medicine', !names(reference, m.name), e.id, m.name);
    }
    for (const condition of c.pastConditions) {
      candidate('past condition', !names(reference, condition), e.id, condition);
    }
    const present = new Map<string, boolean>();
    for (const s of c.symptoms)
      present.set(s.canonical, (present.get(s.canonical) ?? false) || s.present);
    for (const [symptom, isPresent] of present) {
      const stem = symptom.split(' ')[0]?.slice(0, 6) ?? symptom;
      const said = sentences.filter((s) => s.includes(stem));
      const denied = said.some((s) => DENIES.test(s));
      const reported = said.some((s) => !DENIES.test(s));
      candidate(
        'symptom polarity',
        isPresent ? denied && !reported : reported && !denied,
        e.id,
        `${isPresent ? 'endorsed' : 'denied'} ${symptom}; reference: ${said[0]?.trim().slice(0, 100) ?? ''}`,
      );
    }
    if (c.chiefComplaint) {
      const words = c.chiefComplaint.split(/\s+/).filter((w) => w.length > 3);
      const shared = words.filter((w) => reference.includes(w.toLowerCase().slice(0, 5))).length;
      candidate(
        'reason for the visit',
        words.length > 0 && shared / words.length < 0.5,
        e.id,
        c.chiefComplaint,
      );
    }
  }

  process.stdout.write(
    `\nACI-BENCH ${split} (${encounters.length} encounters), builtin engine: facts the reference note does not bear out (candidates to read, not errors)\n\n`,
  );
  process.stdout.write('| Fact | Read | Not in the reference |\n| --- | --- | --- |\n');
  for (const [kind, { read, candidates }] of counts) {
    process.stdout.write(`| ${kind} | ${read} | ${candidates} |\n`);
  }
  process.stdout.write('Data: ACI-BENCH (Yim et al., Nature Scientific Data 2023), CC BY 4.0.\n');
  return 0;
}

runBench('bench:facts', main);
