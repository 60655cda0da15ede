import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise';

describe('speech made readable', () => {
  it('joins tokenised contractions and writes spoken numbers with units as digits', () => {
    expect(normaliseText("i do n't take lisinopril ten milligrams")).toBe(
      'i do not take lisinopril 10 mg',
    );
  });

  it('writes what a recogniser hears as a clinician writes it', () => {
    expect(normaliseText('your chest x ray and the e k g were normal')).toBe(
      'your chest x-ray and the ekg were normal',
    );
  });
});
