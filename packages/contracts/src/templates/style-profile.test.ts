import { describe, expect, it } from 'vitest';
import { describeStyleProfile } from './style-profile';

describe('the learned style in words (issue 27)', () => {
  const profile = { templateId: 1, updatedAt: null };

  it('names the preferences and how many notes they were learned from', () => {
    expect(
      describeStyleProfile({
        ...profile,
        notesLearned: 7,
        preferences: ['bullet points in Plan', 'shorter History'],
      }),
    ).toBe(
      'Your style for this template: bullet points in Plan, shorter History — learned from 7 notes',
    );
  });

  it('says when nothing is learned, and when edits have not repeated yet', () => {
    expect(describeStyleProfile({ ...profile, notesLearned: 0, preferences: [] })).toMatch(
      /^Nothing learned yet/,
    );
    expect(describeStyleProfile({ ...profile, notesLearned: 1, preferences: [] })).toBe(
      'Your style for this template: no repeated edit yet, drafts are written the default way — learned from 1 note',
    );
  });
});
