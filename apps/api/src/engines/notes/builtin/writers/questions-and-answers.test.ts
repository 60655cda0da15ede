import { describe, expect, it } from 'vitest';
import { analyseConsultation } from '../consultation';
import { questionAnswerSentences, yesNoStatement } from './questions-and-answers';

describe('questions and answers', () => {
  it('turns a yes/no question into the statement its answer makes', () => {
    expect(yesNoStatement('have you had any chest pain', false)).toBe(
      'you have not had any chest pain',
    );
    expect(yesNoStatement('do you smoke', true)).toBe('you smoke');
  });

  for (const [shape, transcript] of Object.entries({
    tagged:
      '[doctor] any chest pain?\n[patient] no.\n[doctor] how long has the cough been going on?\n[patient] about two weeks.',
    plain: 'Any chest pain? No. How long has the cough been going on? About two weeks.',
    asr: 'any chest pain no how long has the cough been going on about two weeks',
  })) {
    it(`writes the answer to each question as a history sentence, ${shape}`, () => {
      const c = analyseConsultation(transcript);
      const ctx = { c, detail: 'standard' as const, used: new Set<number>() };
      const sentences = c.utterances
        .filter((u) => u.question && u.answer)
        .flatMap((u) => questionAnswerSentences(ctx, u));
      expect(sentences).toContain('Denies chest pain.');
      // Without punctuation, "about two weeks" cannot be told from the question before it.
      if (shape !== 'asr') expect(sentences.join(' ')).toMatch(/going on for about 2 weeks\./);
    });
  }
});
