import { describe, expect, it } from 'vitest';
import { alignWords, normalizeWords, totalWer, wer } from './wer';

describe('wer', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    expect(
      wer('He was not an ill-disposed young man.', 'he was not an ill disposed young man').wer,
    ).toBe(0);
  });

  it('counts substitutions, deletions and insertions of one best alignment', () => {
    const result = wer(
      'the patient has no chest pain since monday',
      'patient has no chess pain since monday today',
    );
    expect(result).toMatchObject({
      substitutions: 1, // chest → chess
      deletions: 1, // the
      insertions: 1, // today
      errors: 3,
      referenceWords: 8,
      hypothesisWords: 8,
    });
    expect(result.wer).toBeCloseTo(3 / 8);
  });

  it('can exceed 100 % when the hypothesis invents words', () => {
    expect(wer('yes', 'yes yes yes').wer).toBe(2);
  });

  it('is 100 % for an empty hypothesis and 0 for nothing said and nothing heard', () => {
    expect(wer('no chest pain', '').wer).toBe(1);
    expect(wer('', '').wer).toBe(0);
  });

  it('does not count spelling conventions as errors', () => {
    expect(wer('and mister john dashwood', 'And Mr. John Dashwood').wer).toBe(0);
    expect(normalizeWords('<s> it’s "fine" </s>')).toEqual(["it's", 'fine']);
  });

  it('weighs clips by their length in the corpus figure', () => {
    const short = wer('one', 'two'); // 1 error in 1 word
    const long = wer('a b c d e f g h i', 'a b c d e f g h i'); // 0 errors in 9 words
    expect(totalWer([short, long])).toBeCloseTo(0.1);
  });
});

describe('alignWords', () => {
  it('marks the recognised words that match the reference in order', () => {
    expect(
      alignWords('she twisted her right knee on a ladder', [
        'she',
        'tick',
        'in',
        'her',
        'right',
        'guitar',
        'on',
        'a',
        'ladder',
      ]),
    ).toEqual([true, false, false, true, true, false, true, true, true]);
  });

  it('counts a word spelled as two tokens right only when both match', () => {
    expect(alignWords('an x ray of the knee', ['an', 'x-ray', 'of', 'the', 'knee'])).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(alignWords('an x ray', ['an', 'x-rays'])).toEqual([true, false]);
  });
});
