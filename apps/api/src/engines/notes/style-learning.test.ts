import { describe, expect, it } from 'vitest';
import {
  addedSections,
  emptyLearnedStyle,
  learnFromEdit,
  learnedReplacements,
  replacedPhrases,
  sectionDecisions,
  stylePreferences,
} from './style-learning';

const draft = [
  '<h2>History of Present Illness</h2>',
  '<p>The patient presents today for evaluation of right knee pain. The patient takes ibuprofen 400 mg twice a day. Denies fever or chills.</p>',
  '<h2>Plan</h2>',
  '<p>Rest and ice the knee. Follow up in 2 weeks.</p>',
].join('');

// The clinician deletes the medication sentence, writes "Pt", and turns the plan into bullets.
const saved = [
  '<h2>History of Present Illness</h2>',
  '<p>Pt presents today for evaluation of right knee pain. Denies fever or chills.</p>',
  '<h2>Plan</h2>',
  '<ul><li>Rest and ice the knee.</li><li>Follow up in 2 weeks.</li></ul>',
].join('');

describe('learning a style from a saved edit', () => {
  it('counts deleted sentences by their words, and the format the clinician saves', () => {
    const once = learnFromEdit(emptyLearnedStyle(), draft, saved);
    expect(once.notes).toBe(1);
    const history = once.sections.history!;
    expect(history.keptSentences).toBe(2);
    expect(history.deletedSentences).toBe(1);
    expect(history.words.takes).toEqual([0, 1]);
    expect(history.words.fever).toEqual([1, 0]);
    expect(once.sections.plan!.toBulletsNotes).toBe(1);
    // One note is not yet a habit: nothing is applied or shown.
    expect(sectionDecisions(once)).toEqual([]);
    expect(stylePreferences(once)).toEqual([]);
  });

  it('applies a preference once it was seen in two notes', () => {
    const twice = learnFromEdit(learnFromEdit(emptyLearnedStyle(), draft, saved), draft, saved);
    expect(learnedReplacements(twice)).toEqual([{ from: 'The patient', to: 'Pt' }]);
    const plan = sectionDecisions(twice).find((d) => d.key === 'plan');
    expect(plan?.format).toBe('bullets');
    expect(stylePreferences(twice)).toEqual(
      expect.arrayContaining(['bullet points in Plan', '"Pt" for "The patient"']),
    );
  });

  it('holds counts, never a patient identifier', () => {
    const named = saved
      .replace('Pt presents', 'Martha Jones presents')
      .replace('right knee pain', 'right knee pain, MRN 1234567, seen 12/03/2026');
    let learned = emptyLearnedStyle();
    for (let i = 0; i < 3; i++) learned = learnFromEdit(learned, draft, named);
    const stored = JSON.stringify(learned);
    expect(stored).not.toMatch(/martha|jones|1234567|2026/i);
    expect(learned.replacements.map((r) => r.to)).not.toContain('Martha Jones');
  });

  it('finds phrases replaced the same way, word by word', () => {
    expect(replacedPhrases('Denies chest pain.', 'No chest pain.')).toEqual([
      { from: 'Denies', to: 'No' },
    ]);
    expect(replacedPhrases('The patient reports nausea.', 'Pt reports nausea.')).toEqual([
      { from: 'The patient', to: 'Pt' },
    ]);
    // A rewritten sentence is not a phrase habit.
    expect(replacedPhrases('The patient reports nausea.', 'The patient reports nausea.')).toEqual(
      [],
    );
  });

  it('adds a section the clinician keeps adding, not one the template already writes', () => {
    const withSocial = `${saved}<h2>Social History</h2><p>Works as a teacher.</p><h2>Plan</h2><p>Ice.</p>`;
    let learned = emptyLearnedStyle();
    for (let i = 0; i < 2; i++) learned = learnFromEdit(learned, draft, withSocial);
    expect(addedSections(learned).map((a) => a.title)).toEqual(['Social History']);
    // Once the draft has it (the profile added it) and the clinician keeps it, it stays learned.
    const drafted = `${draft}<h2>Social History</h2><p>Works as a teacher.</p>`;
    for (let i = 0; i < 3; i++) learned = learnFromEdit(learned, drafted, withSocial);
    expect(addedSections(learned).map((a) => a.title)).toEqual(['Social History']);
  });

  it('reads a note it cannot section as nothing learned', () => {
    const learned = learnFromEdit(emptyLearnedStyle(), '', saved);
    expect(learned).toEqual(emptyLearnedStyle());
  });
});
