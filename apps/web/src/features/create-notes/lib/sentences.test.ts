import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits at sentence ends and line breaks, dropping empty pieces', () => {
    expect(
      splitSentences(
        'Subjective\nSore throat for 3 days. No fever!  Needs a certificate?\n\n- Rest',
      ),
    ).toEqual([
      'Subjective',
      'Sore throat for 3 days.',
      'No fever!',
      'Needs a certificate?',
      'Rest',
    ]);
  });

  it('does not read list markers (issue 14)', () => {
    expect(
      splitSentences('- Alice Brown presents today.\n* Cough\n• Fever\n1. Rest\n2) Fluids'),
    ).toEqual(['Alice Brown presents today.', 'Cough', 'Fever', 'Rest', 'Fluids']);
  });

  it('keeps decimals and abbreviations without a following space together', () => {
    expect(splitSentences('Temp 37.5 today. BP normal.')).toEqual([
      'Temp 37.5 today.',
      'BP normal.',
    ]);
  });

  it('has nothing to say for blank text or punctuation only', () => {
    expect(splitSentences('  \n ... \n')).toEqual([]);
  });
});
