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

describe('spoken measurements keep their value', () => {
  it.each([
    ['your temperature is ninety eight point seven today', 'your temperature is 98.7 today'],
    // ACI-BENCH's tokenised transcripts write the spoken point as a spaced full stop.
    ['a fever of about a hundred . four right now', 'a fever of about 100.4 right now'],
    ['blood pressure was one eighteen over seventy two', 'blood pressure was 118/72'],
    // A spoken decimal is a measurement with no unit after it (the offline recogniser's A1c).
    ['your a1c came back at eight point nine', 'your a1c came back at 8.9'],
    ['it is seven point two now', 'it is 7.2 now'],
  ])('%s', (spoken, written) => {
    expect(normaliseText(spoken)).toBe(written);
  });

  it('leaves a sentence that ends in a number followed by another alone', () => {
    expect(normaliseText('she was twenty . two weeks later it came back')).toBe(
      'she was 20. 2 weeks later it came back',
    );
  });
});
