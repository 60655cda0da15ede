import { describe, expect, it } from 'vitest';
import {
  confidenceTokens,
  marksForReview,
  poorlyRecognised,
  restsOnUncertainWords,
  sentenceConfidence,
  shownConfidence,
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
  const words = (low: number, high: number, lowConfidence = 0.1) => [
    ...Array.from({ length: low }, () => ({ word: 'x', confidence: lowConfidence })),
    ...Array.from({ length: high }, () => ({ word: 'y', confidence: 0.99 })),
  ];
  it('is true when half the recording or more was below 0.7, false when little or nothing is known', () => {
    expect(poorlyRecognised(words(6, 4))).toBe(true);
    expect(poorlyRecognised(words(5, 5, 0.65))).toBe(true);
    expect(poorlyRecognised(words(4, 6))).toBe(false);
    expect(poorlyRecognised(words(1, 9))).toBe(false);
    expect(poorlyRecognised([])).toBe(false);
  });
  it('is false for a reading whose median word is sure, though a third of its words are not', () => {
    expect(poorlyRecognised(words(4, 8, 0.4))).toBe(false);
  });
});

describe('sentenceConfidence', () => {
  // "your sugar control" heard as "your shoulder control", the rest of the stretch heard well.
  const said = 'i would like to check your kidney function and your shoulder control today';
  const tokens = confidenceTokens(
    said,
    said.split(' ').map((word) => ({ word, confidence: word === 'shoulder' ? 0.3 : 0.9 })),
  );
  const spans = [{ start: 0, end: said.length }];

  it('is as sure as the least sure word the sentence takes from its evidence', () => {
    const copied = sentenceConfidence(tokens, {
      text: 'I would like to check your kidney function and your shoulder control.',
      spans,
    });
    expect(copied).toMatchObject({ own: true, uncertain: 1, lowest: 0.3 });
    expect(restsOnUncertainWords(copied)).toBe(false);
    expect(marksForReview(copied)).toBe(true);
    expect(shownConfidence(copied)).toBe(0.3);
    // The same evidence, only its well-heard words taken: not marked.
    const kidney = sentenceConfidence(tokens, { text: 'Check kidney function.', spans });
    expect(marksForReview(kidney)).toBe(false);
    expect(shownConfidence(kidney)).toBeCloseTo(0.9);
  });

  it('counts the everyday word a clinical term stands for, and the yes or no that decides it', () => {
    const answer = 'do you feel tired no and have you had any fever no';
    const heard = confidenceTokens(
      answer,
      answer.split(' ').map((word, i) => ({ word, confidence: i === 4 ? 0.2 : 0.9 })),
    );
    const spans = [{ start: 0, end: answer.length }];
    const synonyms = new Map([['fatigu', ['tir']]]);
    const fatigue = sentenceConfidence(heard, { text: 'Denies fatigue.', spans }, synonyms);
    // "tired" and the misheard "no" after it.
    expect(fatigue).toMatchObject({ own: true, words: 2, uncertain: 1 });
    expect(marksForReview(fatigue)).toBe(true);
    // The fever's own "no" was well heard; the misheard one is too far from it to decide it.
    const fever = sentenceConfidence(heard, { text: 'Denies fever.', spans }, synonyms);
    expect(fever).toMatchObject({ own: true, words: 2, uncertain: 0 });
    expect(marksForReview(fever)).toBe(false);
  });

  it('falls back to the whole evidence when none of the sentence’s words is found one by one', () => {
    const said = 'one hundred and forty over ninety';
    const heard = confidenceTokens(
      said,
      said.split(' ').map((word) => ({ word, confidence: 0.2 })),
    );
    const pressure = sentenceConfidence(heard, {
      text: 'BP 140/90.',
      spans: [{ start: 0, end: said.length }],
    });
    expect(pressure).toMatchObject({ own: false, words: 6, uncertain: 6, lowest: null });
    expect(marksForReview(pressure)).toBe(true);
    expect(shownConfidence(pressure)).toBeCloseTo(0.2);
  });
});
