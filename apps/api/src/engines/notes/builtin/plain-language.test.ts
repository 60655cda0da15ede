import { describe, expect, it } from 'vitest';
import { toPlainLanguage } from './plain-language';

describe('plain language', () => {
  it('swaps clinical terms for everyday words, keeping the sentence', () => {
    expect(
      toPlainLanguage('Hypertension and hyperlipidemia. Edema of the lower extremities.'),
    ).toBe('High blood pressure and high cholesterol. Swelling of the lower extremities.');
  });
});
