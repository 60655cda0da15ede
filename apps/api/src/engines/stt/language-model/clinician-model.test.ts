import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateKneserNey, logProbability, readArpa, writeArpa } from './arpa';
import { clinicianModel, clinicianPhrases } from './clinician-model';

let dir = '';
const base = { languageModel: '', dictionary: '' };
const cmudict = () => path.join(dir, 'cmudict.dict');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clerkly-clinician-model-'));
  base.languageModel = path.join(dir, 'base.lm');
  base.dictionary = path.join(dir, 'base.dict');
  // Many other words, as in the real model, so gout is one rare word among them.
  const filler = Array.from({ length: 60 }, (_, i) => ['the', `word${i}`, `other${i}`]);
  const sentences = [
    ...['the knee hurts', 'you have gout', 'take the tablets'].map((s) => s.split(' ')),
    ...filler,
  ];
  await writeFile(base.languageModel, writeArpa(estimateKneserNey(sentences, 3)));
  const dict =
    'gout G AW T\nhave HH AE V\nhurts HH ER T S\nknee N IY\ntablets T AE B L AH T S\ntake T EY K\nthe DH AH\nyou Y UW\n';
  const fillerDict = filler.map(([, a = '', b = '']) => `${a} W ER D\n${b} AH DH ER\n`).join('');
  await writeFile(base.dictionary, dict + fillerDict);
  await writeFile(cmudict(), `${dict}asthma AE Z M AH\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the clinician's words", () => {
  it('reads phrases from the profile text and topic names', () => {
    expect(clinicianPhrases('Asthma, gout;\nType 2 diabetes', 'Plan', 'gout')).toEqual([
      'asthma',
      'gout',
      'plan',
      'type 2 diabetes',
    ]);
  });

  it('lifts their words and adds the ones the model lacks, with pronunciations', async () => {
    const files = await clinicianModel(base, ['gout', 'asthma', 'pneumothorax'], dir, cmudict());
    const biased = readArpa(await readFile(files.languageModel, 'utf8'));
    const original = readArpa(await readFile(base.languageModel, 'utf8'));
    expect(logProbability(biased, ['gout'])).toBeGreaterThan(logProbability(original, ['gout']));
    expect(biased.grams[0]?.has('pneumothorax')).toBe(true);
    const dictionary = await readFile(files.dictionary, 'utf8');
    expect(dictionary).toContain('asthma AE Z M AH\n');
    expect(dictionary).toMatch(/^pneumothorax N UW M /m);
    expect(dictionary).toContain('knee N IY\n');
    // The same list again is served from the cache: same files.
    expect(await clinicianModel(base, ['gout', 'asthma', 'pneumothorax'], dir, cmudict())).toEqual(
      files,
    );
  });
});
