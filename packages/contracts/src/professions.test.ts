import { describe, expect, it } from 'vitest';
import { PROFESSIONS, isProfession } from './professions';

describe('professions (spec point 3)', () => {
  it('lists the 38 professions once each, in id order', () => {
    expect(PROFESSIONS).toHaveLength(38);
    expect(new Set(PROFESSIONS).size).toBe(38);
    expect(PROFESSIONS[0]).toBe('Allergist/Immunologist');
    expect(PROFESSIONS[11]).toBe('General Practitioner');
    expect(PROFESSIONS[37]).toBe('Urologist');
  });

  it('recognises a listed profession and rejects anything else', () => {
    expect(isProfession('Nurse')).toBe(true);
    expect(isProfession('nurse')).toBe(false);
    expect(isProfession('General medicine')).toBe(false);
  });
});
