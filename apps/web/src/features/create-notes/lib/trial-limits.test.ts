import { describe, expect, it } from 'vitest';
import {
  exceedsTrialNotes,
  isTemplateChoiceDisabled,
  trialSessionsExhausted,
} from './trial-limits';

describe('isTemplateChoiceDisabled', () => {
  it('disables a fifth template on a free trial, but not the four chosen', () => {
    const chosen = [1, 2, 3, 4];
    expect(isTemplateChoiceDisabled(5, chosen, true)).toBe(true);
    expect(isTemplateChoiceDisabled(4, chosen, true)).toBe(false);
    expect(isTemplateChoiceDisabled(5, [1, 2, 3], true)).toBe(false);
  });

  it("counts the session's templates: with 2 tabs, only 2 more may be chosen", () => {
    expect(isTemplateChoiceDisabled(7, [5], true, 2)).toBe(false);
    expect(isTemplateChoiceDisabled(7, [5, 6], true, 2)).toBe(true);
    expect(isTemplateChoiceDisabled(6, [5, 6], true, 2)).toBe(false);
    expect(isTemplateChoiceDisabled(5, [], true, 4)).toBe(true);
  });

  it('never disables templates for a paying user', () => {
    expect(isTemplateChoiceDisabled(5, [1, 2, 3, 4], false)).toBe(false);
  });
});

describe('trial usage', () => {
  const trial = { isFreeTrial: true, sessions: 15, notes: 43 };

  it('reports 15 sessions as exhausted on a trial only', () => {
    expect(trialSessionsExhausted(trial)).toBe(true);
    expect(trialSessionsExhausted({ ...trial, sessions: 14 })).toBe(false);
    expect(trialSessionsExhausted({ ...trial, isFreeTrial: false })).toBe(false);
    expect(trialSessionsExhausted(undefined)).toBe(false);
  });

  it('allows notes up to 45 on a trial', () => {
    expect(exceedsTrialNotes(trial, 2)).toBe(false);
    expect(exceedsTrialNotes(trial, 3)).toBe(true);
    expect(exceedsTrialNotes({ ...trial, isFreeTrial: false }, 10)).toBe(false);
  });
});
