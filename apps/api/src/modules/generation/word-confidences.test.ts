import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../lib/field-crypto';
import {
  joinSealedConfidences,
  openWordConfidences,
  sealWordConfidences,
} from './word-confidences';

const cipher = createFieldCipher(Buffer.alloc(32, 7));

describe('word confidences sealed with the transcript (issue 24)', () => {
  it('seals them (no word readable at rest) and opens them again', () => {
    const sealed = sealWordConfidences(
      [
        { word: 'digoxin', start: 0, end: 0.5, confidence: 0.4321 },
        { word: 'daily', start: 0.5, end: 0.9, confidence: 0.98 },
      ],
      cipher,
    );
    expect(sealed).not.toContain('digoxin');
    expect(openWordConfidences(sealed, cipher)).toEqual([
      { word: 'digoxin', confidence: 0.432 },
      { word: 'daily', confidence: 0.98 },
    ]);
  });

  it('keeps nothing when the engine gave no confidence, and reads garbage as nothing', () => {
    expect(sealWordConfidences([{ word: 'knee', start: 0, end: 1 }], cipher)).toBeNull();
    expect(openWordConfidences(cipher.seal('not json'), cipher)).toBeUndefined();
  });

  it('joins the segments in order, skipping those without confidences', () => {
    const first = sealWordConfidences([{ word: 'a', start: 0, end: 1, confidence: 0.5 }], cipher);
    const second = sealWordConfidences([{ word: 'b', start: 0, end: 1, confidence: 0.9 }], cipher);
    const joined = joinSealedConfidences(
      [{ confidenceSealed: first }, { confidenceSealed: null }, { confidenceSealed: second }],
      cipher,
    );
    expect(openWordConfidences(joined, cipher)?.map((w) => w.word)).toEqual(['a', 'b']);
    expect(joinSealedConfidences([{ confidenceSealed: null }], cipher)).toBeNull();
  });
});
