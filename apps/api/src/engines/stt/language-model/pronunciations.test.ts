import { describe, expect, it } from 'vitest';
import { buildDictionary, generalUnigramModel, parseDictionary } from './consultation-model';
import { espeakPhonemes, espeakToCmu } from './pronunciations';

const CMU_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
);

describe('pronunciations from espeak-ng', () => {
  it('maps espeak phoneme mnemonics to CMU phones', () => {
    expect(espeakToCmu("l'IsI2n,0pr@L")).toEqual([
      'L',
      'IH',
      'S',
      'IH',
      'N',
      'AA',
      'P',
      'R',
      'AH',
      'L',
    ]);
    expect(espeakToCmu("m'Etfo@m,In")).toEqual(['M', 'EH', 'T', 'F', 'AO', 'R', 'M', 'IH', 'N']);
  });

  it('pronounces the medications CMUdict lacks, in phones the acoustic model has', async () => {
    const words = ['lisinopril', 'meloxicam', 'metformin'];
    const phonemes = await espeakPhonemes(words);
    for (const word of words) {
      const phones = espeakToCmu(phonemes.get(word) ?? '');
      expect(phones.length, word).toBeGreaterThanOrEqual(6);
      for (const phone of phones) expect(CMU_PHONES.has(phone), `${word}: ${phone}`).toBe(true);
    }
  });

  it('builds a dictionary of exactly the words asked for, CMUdict first', async () => {
    const cmudict = parseDictionary('knee N IY\npain P EY N\npain(2) P EY N AH\n');
    const built = await buildDictionary(['pain', 'knee', 'metformin', '<s>', '</s>'], cmudict);
    expect(built.generated).toEqual(['metformin']);
    expect(built.missing).toEqual([]);
    const lines = built.text.trim().split('\n');
    expect(lines[0]).toBe('knee N IY');
    expect(lines[1]).toMatch(/^metformin M EH T F /);
    expect(lines.slice(2)).toEqual(['pain P EY N', 'pain(2) P EY N AH']);
  });
});

describe('general unigram model', () => {
  const text = '</s>\t-1.0\nthe\t-1.3\nof\t-1.6\nzebra\t-6.0\n';

  it('keeps the most probable words and </s>, renormalised', () => {
    const model = generalUnigramModel(text, 2);
    const unigrams = model.grams[0] as Map<string, { logProb: number }>;
    expect([...unigrams.keys()]).toEqual(['</s>', 'the', 'of']);
    const mass = [...unigrams.values()].reduce((sum, entry) => sum + 10 ** entry.logProb, 0);
    expect(mass).toBeCloseTo(1, 5);
  });

  it('keeps every word without a limit', () => {
    expect((generalUnigramModel(text).grams[0] as Map<string, unknown>).size).toBe(4);
  });
});
