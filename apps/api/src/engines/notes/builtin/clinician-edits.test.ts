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
    const texts = [...clinicianAdditions(edited, written)].map(([title, additions]) => [
      title,
      additions.map((a) => a.text),
    ]);
    expect(Object.fromEntries(texts)).toEqual({
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

  it('go back where they stood: after the sentence they followed, a line of their own kept apart (issue 26)', () => {
    const engineNote = [
      {
        title: 'History',
        content: 'Knee pain for two weeks. Worse on stairs. No swelling. Ice helps.',
      },
    ];
    const clinicianNote = [
      {
        title: 'History',
        content:
          'Knee pain for two weeks. Worse on stairs.\n\n**Seen with her daughter.**\n\nNo swelling. Ice helps. Works as a nurse.',
      },
    ];
    const shorter = [
      { title: 'History', content: 'Knee pain for two weeks. Worse on stairs. No swelling.' },
    ];
    const kept = keepClinicianAdditions(
      shorter,
      clinicianAdditions(clinicianNote, engineNote),
      [],
      'Not discussed.',
    );
    expect(kept[0]!.content).toBe(
      'Knee pain for two weeks. Worse on stairs.\n\n**Seen with her daughter.**\n\nNo swelling.\n\nWorks as a nurse.',
    );
  });

  it('keep a bullet after the bullet it followed', () => {
    const engineNote = [
      { title: 'Plan', content: '', bullets: ['Rest.', 'Ice.', 'Review in 2 weeks.'] },
    ];
    const clinicianNote = [
      {
        title: 'Plan',
        content: '',
        bullets: ['Rest.', '**Off work until Monday.**', 'Ice.', 'Review in 2 weeks.'],
      },
    ];
    const kept = keepClinicianAdditions(
      [{ title: 'Plan', content: '', bullets: ['Rest.', 'Review in 2 weeks.'] }],
      clinicianAdditions(clinicianNote, engineNote),
      [],
      'Not discussed.',
    );
    expect(kept[0]!.bullets).toEqual(['Rest.', '**Off work until Monday.**', 'Review in 2 weeks.']);
  });
});
