import { describe, expect, it } from 'vitest';
import { normaliseText, splitSentences } from './normalise';

describe('speech made readable', () => {
  it('joins tokenised contractions and writes spoken numbers with units as digits', () => {
    expect(normaliseText("i do n't take lisinopril ten milligrams")).toBe(
      'i do not take lisinopril 10 mg',
    );
  });

  it('cuts unpunctuated speech where a speaker would pause, and before a bare answer', () => {
    expect(
      splitSentences(
        'have you had any chest pain or shortness of breath when you walk up the stairs no i have not had any of that so let us talk about your blood pressure',
      ),
    ).toEqual([
      'have you had any chest pain or shortness of breath when you walk up the stairs',
      'no i have not had any of that',
      'so let us talk about your blood pressure',
    ]);
  });
});
