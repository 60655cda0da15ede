import { describe, expect, it } from 'vitest';
import {
  confidenceTokens,
  poorlyRecognised,
  restsOnUncertainWords,
  spanConfidence,
} from './confidence';

describe('confidenceTokens', () => {
  it('matches recognised words to a tagged, punctuated transcript in order', () => {
    const transcript = 'Speaker 0: My knee hurts.\nSpeaker 1: Which knee?';
    const tokens = confidenceTokens(transcript, [
      { word: 'my', confidence: 0.9 },
      { word: 'knee', confidence: 0.3 },
      { word: 'hurts', confidence: 0.8 },
      { word: 'which', confidence: 0.7 },
      { word: 'knee', confidence: 0.95 },
    ]);
    expect(tokens.map((t) => [t.text, t.confidence])).toEqual([
      ['Speaker', null],
      ['0:', null],
      ['My', 0.9],
      ['knee', 0.3],
      ['hurts.', 0.8],
      ['Speaker', null],
      ['1:', null],
      ['Which', 0.7],
      ['knee?', 0.95],
    ]);
  });

  it('leaves a word the clinician typed without a confidence, and keeps the rest in step', () => {
    const tokens = confidenceTokens('pain in the left knee', [
      { word: 'pain', confidence: 0.9 },
      { word: 'in', confidence: 0.9 },
      { word: 'the', confidence: 0.9 },
      { word: 'lift', confidence: 0.2 },
      { word: 'knee', confidence: 0.9 },
    ]);
    expect(tokens.map((t) => t.confidence)).toEqual([0.9, 0.9, 0.9, null, 0.9]);
  });
});

describe('spanConfidence', () => {
  const transcript = 'you tick in a real guitar. she takes digoxin.';
  const tokens = confidenceTokens(transcript, [
    ...['you', 'tick', 'in', 'a', 'real', 'guitar'].map((word) => ({ word, confidence: 0.2 })),
    ...['she', 'takes', 'digoxin'].map((word) => ({ word, confidence: 0.9 })),
  ]);

  it('says a sentence rests on uncertain words when most of its evidence was', () => {
    const misheard = spanConfidence(tokens, [{ start: 0, end: 26 }]);
    expect(misheard).toMatchObject({ words: 6, uncertain: 6 });
    expect(restsOnUncertainWords(misheard)).toBe(true);
    const heard = spanConfidence(tokens, [{ start: 27, end: transcript.length }]);
    expect(heard.mean).toBeCloseTo(0.9);
    expect(restsOnUncertainWords(heard)).toBe(false);
  });
});

describe('poorlyRecognised', () => {
  it('is true when much of the recording was uncertain, false when little or nothing is known', () => {
    const words = (low: number, high: number) => [
      ...Array.from({ length: low }, () => ({ word: 'x', confidence: 0.1 })),
      ...Array.from({ length: high }, () => ({ word: 'y', confidence: 0.99 })),
    ];
    expect(poorlyRecognised(words(6, 4))).toBe(true);
    expect(poorlyRecognised(words(1, 9))).toBe(false);
    expect(poorlyRecognised([])).toBe(false);
  });
});
