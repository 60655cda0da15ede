import { describe, expect, it } from 'vitest';
import { readsAsQuestionOrAnswer, worthKeeping } from './prune';

describe('which written sentences a note keeps', () => {
  it('leaves out talk clinicians do not write', () => {
    expect(worthKeeping('Denies fever.')).toBe(true);
    expect(worthKeeping('Right knee pain for 2 days after a fall.')).toBe(true);
  });

  it('never keeps a question put to the patient or an answer without its question (issue 21)', () => {
    expect(
      readsAsQuestionOrAnswer('Have you had any other symptoms, chest pain, nausea or no.'),
    ).toBe(true);
    expect(readsAsQuestionOrAnswer('Not at this time no.')).toBe(true);
    expect(readsAsQuestionOrAnswer('Any chest pain?')).toBe(true);
    expect(readsAsQuestionOrAnswer('Denies chest pain.')).toBe(false);
    expect(readsAsQuestionOrAnswer('There is no fracture.')).toBe(false);
  });
});
