import { describe, expect, it } from 'vitest';
import { clinicianAdditions, keepClinicianAdditions } from './clinician-edits';

const written = [
  { title: 'History', content: 'She has a cough. Denies fever.' },
  { title: 'Plan', content: 'Rest.' },
];
const edited = [
  { title: 'History', content: 'She has a cough. Denies fever. Her sister has asthma.' },
  { title: 'Plan', content: 'Rest. Call if worse.' },
];

describe("the clinician's own lines", () => {
  it('are the sentences the engine did not write', () => {
    expect(Object.fromEntries(clinicianAdditions(edited, written))).toEqual({
      history: ['Her sister has asthma.'],
      plan: ['Call if worse.'],
    });
  });

  it('go back into a regenerated note, except what the clinician asked to leave out', () => {
    const regenerated = [
      { title: 'History', content: 'She has a cough.' },
      { title: 'Plan', content: 'Not discussed.' },
    ];
    const kept = keepClinicianAdditions(
      regenerated,
      clinicianAdditions(edited, written),
      ['asthma'],
      'Not discussed.',
    );
    expect(kept).toEqual([
      { title: 'History', content: 'She has a cough.' },
      { title: 'Plan', content: 'Call if worse.' },
    ]);
  });
});
