/**
 * `npm run bench:notes [-- --split train|valid] [-- --template "SOAP Note"] [-- --shape tagged|plain|asr|all]`
 * (issues 4, 12 and 21): the
 * builtin engine over ACI-BENCH dialogues with the "Clinic Visit Note" template and a second one
 * ("SOAP Note"), scored against the reference notes by the ROUGE scorer that reproduces the
 * ACI-BENCH paper (`rouge.py`), with the share of sentences carrying evidence, the share ending
 * mid-phrase (./note-quality.ts; the same measure on the reference notes) and the safety-check
 * findings, and for the reshaped transcripts (./transcript-shapes.ts) the polarity audit: findings
 * the tagged note denies that the other shape's note states as present. Not a timed test: it prints the figures for the README's benchmark section.
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
import { annotateNote, builtinSynonyms } from '../src/engines/notes/evidence';
import type { GeneratedNote } from '../src/engines/notes/note-engine';
import {
  countMidPhrase,
  deniedFindingCount,
  polarityFlips,
  type MidPhraseCount,
} from './note-quality';
import { reshapeTranscript, TRANSCRIPT_SHAPES, type TranscriptShape } from './transcript-shapes';
import { benchDataDir, median, runBench } from './bench-support';

interface Encounter {
  id: string;
  dataset: string;
  dialogue: string;
  note: string;
}

const ATTRIBUTION =
  'Data: ACI-BENCH (Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for Benchmarking Automatic Visit Note Generation", Nature Scientific Data 2023), CC BY 4.0.';

const pct = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole).toFixed(1);

function midPhraseLine(label: string, count: MidPhraseCount): string {
  return `${label}: ${count.midPhrase} of ${count.sentences} sentences end mid-phrase (${pct(count.midPhrase, count.sentences)} %)`;
}

/** ROUGE of one set of notes against the references, as rouge.py prints it. */
function score(scorer: string, refs: string, preds: string[], workDir: string, name: string) {
  const predsFile = path.join(workDir, `${name}.jsonl`);
  writeFileSync(predsFile, `${preds.join('\n')}\n`);
  const result = spawnSync('python3', [scorer, '--refs', refs, '--preds', predsFile], {
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0) {
    throw new Error(`rouge.py failed: ${result.error?.message ?? result.stderr.trim()}`);
  }
  return (
    result.stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('ROUGE-1'))
      .pop() ?? result.stdout.trim()
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'valid' },
      template: { type: 'string', multiple: true },
      keep: { type: 'boolean', default: false },
      examples: { type: 'boolean', default: false },
      shape: { type: 'string', default: 'tagged' },
    },
  });
  const split = values.split ?? 'valid';
  const shapeArg = values.shape ?? 'tagged';
  if (shapeArg !== 'all' && !(TRANSCRIPT_SHAPES as readonly string[]).includes(shapeArg)) {
    process.stderr.write(
      `bench:notes: --shape must be one of ${TRANSCRIPT_SHAPES.join(', ')} or all, not "${shapeArg}"\n`,
    );
    return 2;
  }
  if (split !== 'valid' && split !== 'train') {
    process.stderr.write(`bench:notes: --split must be "valid" or "train", not "${split}"\n`);
    return 2;
  }
  const dataDir = benchDataDir();
  const aciDir = path.join(dataDir, 'aci-bench');
  const dataFile = path.join(aciDir, `aci-${split}.jsonl`);
  const scorer = path.join(aciDir, 'rouge.py');
  if (!existsSync(dataFile) || !existsSync(scorer)) {
    process.stderr.write(
      `bench:notes: ACI-BENCH data not found in ${aciDir} (set CLERKLY_DATA_DIR to the folder holding aci-bench/)\n`,
    );
    return 2;
  }
  const names = values.template?.length ? values.template : ['Clinic Visit Note', 'SOAP Note'];
  const templates = names.map((name) => TEMPLATE_CATALOGUE.find((t) => t.name === name));
  const missing = names.find((_, i) => !templates[i]);
  if (missing) {
    process.stderr.write(`bench:notes: the "${missing}" template is missing from the catalogue\n`);
    return 2;
  }

  const encounters = readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Encounter);
  const engine = createBuiltinNoteEngine();
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-notes-'));
  const out = process.stdout;
  out.write(`ACI-BENCH ${split} (${encounters.length} encounters), builtin engine\n`);
  out.write(
    `${midPhraseLine('reference notes (clinicians)', countMidPhrase(encounters.map((e) => e.note)))}\n`,
  );

  const shapes: TranscriptShape[] =
    shapeArg === 'all' ? [...TRANSCRIPT_SHAPES] : [shapeArg as TranscriptShape];
  const summary: string[] = [];
  for (const template of templates) {
    if (!template) continue;
    const request = (transcript: string) => ({
      transcript,
      template: { name: template.name, kind: template.kind, topics: template.topics },
    });
    // One untimed run first, so the median is the steady state rather than module compilation.
    if (encounters[0]) await engine.generate(request(encounters[0].dialogue));
    // The tagged notes are the polarity audit's reference, whatever shapes are asked for.
    const taggedNotes: GeneratedNote[] = [];
    for (const encounter of encounters)
      taggedNotes.push(await engine.generate(request(encounter.dialogue)));
    for (const shape of shapes) {
      const transcripts = encounters.map((e) => reshapeTranscript(e.dialogue, shape));
      const timings: number[] = [];
      const notes: GeneratedNote[] = [];
      for (const transcript of transcripts) {
        const started = performance.now();
        notes.push(await engine.generate(request(transcript)));
        timings.push(performance.now() - started);
      }
      // What evidence and the safety check cost, in the same run: both again on each final note.
      const checkTimings = notes.map((note, i) => {
        const started = performance.now();
        annotateNote(note, transcripts[i] ?? '', builtinSynonyms());
        return performance.now() - started;
      });
      const preds = notes.map((note, i) =>
        JSON.stringify({ id: encounters[i]?.id, note: note.text }),
      );
      const slug = `${template.name.toLowerCase().replace(/\W+/g, '-')}-${shape}`;
      const rouge = score(scorer, dataFile, preds, workDir, `preds-${split}-${slug}`);
      const evidence = notes.flatMap((note) => note.evidence ?? []);
      const withSpans = evidence.filter((s) => s.spans.length > 0).length;
      const supported = evidence.filter((s) => s.supported).length;
      const findings = notes.flatMap((note) => note.safety ?? []);
      const byKind = new Map<string, number>();
      for (const f of findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
      const midPhrase = countMidPhrase(notes.map((note) => note.text));
      const denied = taggedNotes.reduce((n, note) => n + deniedFindingCount(note.text), 0);
      const flips = notes.map((note, i) => polarityFlips(taggedNotes[i]?.text ?? '', note.text));
      const flipped = flips.reduce((n, f) => n + f.length, 0);
      const flippedEncounters = flips.filter((f) => f.length > 0).length;

      out.write(`\n"${template.name}", ${shape} transcripts\n`);
      out.write(`${rouge}\n`);
      out.write(
        `evidence: ${withSpans} of ${evidence.length} sentences carry transcript spans (${pct(withSpans, evidence.length)} %), ${supported} supported (${pct(supported, evidence.length)} %)\n`,
      );
      out.write(`${midPhraseLine('mid-phrase', midPhrase)}\n`);
      out.write(
        `safety check: ${findings.length} findings${findings.length ? ` (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}\n`,
      );
      if (shape !== 'tagged') {
        out.write(
          `polarity audit: ${flipped} of ${denied} findings denied in the tagged notes are stated as present (${flippedEncounters} of ${encounters.length} encounters)\n`,
        );
        flips.forEach((list, i) => {
          for (const flip of list) {
            out.write(`  flipped ${encounters[i]?.id}: "${flip.finding}" in "${flip.sentence}"\n`);
          }
        });
      }
      out.write(
        `generation time per dialogue (after one warm-up run): median ${median(timings).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms; evidence + safety check on the final note: median ${median(checkTimings).toFixed(1)} ms (${pct(median(checkTimings), median(timings))} % of generation)\n`,
      );
      if (values.examples) {
        for (const example of midPhrase.examples) out.write(`  mid-phrase: ${example}\n`);
      }
      summary.push(
        `| ${split} (${encounters.length}), ${template.name.replace(/ Note$/, '')}, ${shape} | ${rouge
          .replace(/^ROUGE-1\s*/, '')
          .split(/\s+ROUGE-\w+\s*/)
          .join(
            ' | ',
          )} | ${pct(supported, evidence.length)} % | ${findings.length} | ${shape === 'tagged' ? '—' : `${flipped} of ${denied}`} |`,
      );
    }
  }
  out.write(
    '\n| Split, template, shape | ROUGE-1 | ROUGE-2 | ROUGE-L | ROUGE-Lsum | Supported | Safety findings | Denied → present |\n',
  );
  out.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  for (const row of summary) out.write(`${row}\n`);
  out.write(
    '\nanchors (ACI-BENCH test sets, ROUGE-1 / ROUGE-2 / ROUGE-Lsum): transcript copy 32.8 / 12.5 / 30.6, retrieval 43.9 / 17.6 / 40.5, GPT-4 51.8 / 22.6 / 46.0, best fine-tuned 53.5 / 25.1 / 48.6\n',
  );
  out.write(`${ATTRIBUTION}\n`);
  if (values.keep) out.write(`predictions kept in ${workDir}\n`);
  else rmSync(workDir, { recursive: true, force: true });
  return 0;
}

runBench('bench:notes', main);
