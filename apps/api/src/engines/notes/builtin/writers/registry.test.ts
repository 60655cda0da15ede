import { describe, expect, it } from 'vitest';
import { topicKinds } from '../topics';
import { SECTION_WRITERS } from './registry';

describe('section writer registry', () => {
  it('has one writer per kind', () => {
    const kinds = SECTION_WRITERS.map((w) => w.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('routes the names clinicians give a topic to the writer for it', () => {
    const kinds = (name: string) => topicKinds({ name, guidance: '' });
    expect(kinds('Presenting Complaint')).toEqual(['chief-complaint']);
    expect(kinds('Reason for Visit')).toEqual(['chief-complaint']);
    expect(kinds('History of Present Illness')).toEqual(['history']);
    expect(kinds('Medications and Allergies')).toEqual(['medications', 'allergies']);
    expect(kinds('Assessment and Plan')).toEqual(['assessment-plan']);
    expect(kinds('Investigations')).toEqual(['results']);
    // A specialised topic with no writer of its own is filled from its own guidance words.
    expect(kinds('Risk Assessment')).toEqual(['keywords']);
    expect(kinds('Something Else Entirely')).toEqual(['keywords']);
  });
});
