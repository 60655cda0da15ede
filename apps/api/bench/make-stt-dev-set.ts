/**
 * `npx tsx apps/api/bench/make-stt-dev-set.ts --out DIR` (issue 15): a development set for tuning
 * the recogniser's settings, spoken by espeak-ng from ACI-BENCH *train* dialogues the way the
 * speech set was made from valid ones (doctor en-us, patient en-gb+f3, others en-gb-scotland,
 * 0.3 s between turns, the first 20 turns). Settings are tuned on this set with a language model
 * built without these dialogues (`build:speech-model -- --exclude ...`), never on the speech set.
 * Writes `DIR/manifest.jsonl` in the speech set's format.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDataDir } from './bench-support';

/** Fixed, spread over the train split; any train dialogue would do. */
export const DEV_DIALOGUE_IDS = ['D2N012', 'D2N031', 'D2N048', 'D2N060'];
const TURNS = 20;
const VOICES: Record<string, string> = { doctor: 'en-us', patient: 'en-gb+f3' };

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) throw new Error('--out DIR is required');
const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
const dataDir = benchDataDir();
const records = readFileSync(path.join(dataDir, 'aci-bench', 'aci-train.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { id: string; dialogue: string });

const manifest: string[] = [];
for (const id of DEV_DIALOGUE_IDS) {
  const record = records.find((candidate) => candidate.id === id);
  if (!record) throw new Error(`${id} is not in the train split`);
  const turns = record.dialogue
    .split('\n')
    .map((line) => /^\[([^\]]+)\]\s*(.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .slice(0, TURNS)
    .map(([, speaker = '', text = '']) => ({
      voice: VOICES[speaker] ?? 'en-gb-scotland',
      // ACI-BENCH spaces its punctuation ("hi , martha ."); espeak reads it better closed up.
      text: text.replace(/\s+([,.?!])/g, '$1').trim(),
    }))
    .filter((turn) => turn.text !== '');
  const pieces: string[] = [];
  const gap = path.join(out, 'gap.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', '0.3']);
  turns.forEach((turn, index) => {
    const spoken = path.join(out, `${id}-${index}-raw.wav`);
    const piece = path.join(out, `${id}-${index}.wav`);
    execFileSync('espeak-ng', ['-v', turn.voice, '-w', spoken, turn.text]);
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', piece]);
    rmSync(spoken);
    pieces.push(piece);
    if (index < turns.length - 1) pieces.push(gap);
  });
  execFileSync('sox', [...pieces, path.join(out, `${id}.wav`)]);
  for (const piece of new Set(pieces)) rmSync(piece);
  manifest.push(
    JSON.stringify({ id, wav: `${id}.wav`, text: turns.map((turn) => turn.text).join(' ') }),
  );
}
writeFileSync(path.join(out, 'manifest.jsonl'), `${manifest.join('\n')}\n`);
process.stdout.write(`${DEV_DIALOGUE_IDS.length} dialogues written to ${out}\n`);
