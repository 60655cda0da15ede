import { describe, expect, it } from 'vitest';
import { applyCasing, listJoin, toSentence } from './style';

describe('style', () => {
  it('writes a clause as a sentence, without the spoken markers around it', () => {
    expect(toSentence('so she has had a cough for 2 weeks you know')).toBe(
      'She has had a cough for 2 weeks.',
    );
  });

  it('cases names, titles and acronyms, and tells Ms. from multiple sclerosis', () => {
    expect(applyCasing('ms. lane had an mri and an ekg with dr smith', 'lane')).toBe(
      'Ms. Lane had an MRI and an EKG with Dr. Smith',
    );
    expect(applyCasing('she has ms and she takes ocrevus', null)).toBe(
      'she has MS and she takes ocrevus',
    );
    expect(applyCasing('if it gets worse go to a and e', null)).toBe(
      'if it gets worse go to A and E',
    );
    expect(applyCasing('she takes vitamin a and e', null)).toBe('she takes vitamin a and e');
  });

  it('joins a list as a clinician writes it', () => {
    expect(listJoin(['fever', 'chills', 'cough'], 'or')).toBe('fever, chills or cough');
    expect(listJoin(['nausea'])).toBe('nausea');
  });
});
