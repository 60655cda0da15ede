import { describe, expect, it } from 'vitest';
import {
  estimateKneserNey,
  interpolate,
  logProbability,
  readArpa,
  SENTENCE_END,
  SENTENCE_START,
  writeArpa,
  type BackoffModel,
} from './arpa';
import { numberWords, spokenWords, dialogueSentences } from './corpus-text';

const corpus = [
  'the patient has knee pain',
  'the patient has back pain',
  'take metformin twice a day',
  'take lisinopril every morning',
  'the knee is swollen',
  'no pain today',
].map((sentence) => sentence.split(' '));

/** Sum of p(w | context) over the vocabulary and </s>: a proper model gives 1 for any context. */
function contextMass(model: BackoffModel, context: string[]): number {
  const words = [...(model.grams[0]?.keys() ?? [])].filter((word) => word !== SENTENCE_START);
  return words.reduce((sum, word) => sum + 10 ** logProbability(model, [...context, word]), 0);
}

describe('Kneser-Ney estimation', () => {
  const model = estimateKneserNey(corpus, 3, ['meloxicam']);

  it('gives a distribution that sums to one after every context, seen or not', () => {
    for (const context of [
      [SENTENCE_START],
      ['the'],
      ['the', 'patient'],
      ['take', 'metformin'],
      ['pain', 'knee'],
      ['meloxicam'],
    ]) {
      expect(contextMass(model, context)).toBeCloseTo(1, 4);
    }
  });

  it('prefers what the text says to what it does not', () => {
    expect(logProbability(model, ['the', 'patient', 'has'])).toBeGreaterThan(
      logProbability(model, ['the', 'patient', 'pain']),
    );
    expect(logProbability(model, ['take', 'metformin'])).toBeGreaterThan(
      logProbability(model, ['take', 'knee']),
    );
  });

  it('keeps words it was told of but never saw, with a small probability', () => {
    const p = logProbability(model, ['meloxicam']);
    expect(p).toBeGreaterThan(-10);
    expect(p).toBeLessThan(logProbability(model, ['pain']));
  });

  it('round-trips through ARPA text', () => {
    const text = writeArpa(model);
    expect(text).toMatch(/^\\data\\\nngram 1=\d+\nngram 2=\d+\nngram 3=\d+\n/);
    expect(text.trimEnd().endsWith('\\end\\')).toBe(true);
    const back = readArpa(text);
    expect(back.order).toBe(3);
    for (const words of [
      ['the', 'patient', 'has'],
      ['no', 'knee'],
      ['take', 'lisinopril', SENTENCE_END],
    ]) {
      expect(logProbability(back, words)).toBeCloseTo(logProbability(model, words), 5);
    }
  });

  it('rejects a broken ARPA line with a clear error', () => {
    expect(() => readArpa('\\data\\\nngram 1=1\n\n\\1-grams:\nnot-a-number\n\\end\\\n')).toThrow(
      /bad 1-gram line/,
    );
  });
});

describe('interpolation', () => {
  const medical = estimateKneserNey(corpus, 3);
  const general = estimateKneserNey(
    ['the cat sat on the mat', 'the dog has a bone', 'no dog today'].map((s) => s.split(' ')),
    2,
  );
  const mixed = interpolate(medical, general, 0.7);

  it('is the weighted mixture of both models for n-grams either one knows', () => {
    for (const words of [
      ['the', 'patient'],
      ['the', 'cat'],
      ['no', 'dog'],
    ]) {
      const expected =
        0.7 * 10 ** logProbability(medical, words) + 0.3 * 10 ** logProbability(general, words);
      // Unigram renormalisation over the union vocabulary shifts values a little.
      expect(10 ** logProbability(mixed, words)).toBeCloseTo(expected, 2);
    }
  });

  it('still sums to one after every context', () => {
    for (const context of [['the'], ['no'], ['cat'], ['take', 'metformin']]) {
      expect(contextMass(mixed, context)).toBeCloseTo(1, 3);
    }
  });

  it('gives a word outside a model 0 from that model when asked, not its <unk> probability', () => {
    const closed = interpolate(medical, general, 0.7, undefined, { unknownIsZero: true });
    // "cat" is not in the medical model: only the general model's share remains.
    const expected = 0.3 * 10 ** logProbability(general, ['the', 'cat']);
    expect(10 ** logProbability(closed, ['the', 'cat'])).toBeCloseTo(expected, 2);
    expect(10 ** logProbability(closed, ['the', 'cat'])).toBeLessThan(
      10 ** logProbability(mixed, ['the', 'cat']),
    );
    for (const context of [['the'], ['no'], ['take', 'metformin']]) {
      expect(contextMass(closed, context)).toBeCloseTo(1, 3);
    }
  });

  it('rejects a weight outside 0..1', () => {
    expect(() => interpolate(medical, general, 1.5)).toThrow(/between 0 and 1/);
  });
});

describe('corpus text', () => {
  it('splits ACI-BENCH turns into spoken sentences', () => {
    expect(
      dialogueSentences("[doctor] hi , martha . how are you ?\n[patient] i'm 50 , okay ."),
    ).toEqual([
      ['hi', 'martha'],
      ['how', 'are', 'you'],
      ["i'm", 'fifty', 'okay'],
    ]);
  });

  it('spells numbers as they are said', () => {
    expect(numberWords(125)).toEqual(['one', 'hundred', 'twenty', 'five']);
    expect(numberWords(2019)).toEqual(['two', 'thousand', 'nineteen']);
    expect(spokenWords('Dr. Moore, 1,500 mg')).toEqual([
      'doctor',
      'moore',
      'one',
      'thousand',
      'five',
      'hundred',
      'mg',
    ]);
  });
});
