import { describe, expect, it } from 'vitest';
import {
  addedSections,
  emptyLearnedStyle,
  learnFromEdit,
  learnedReplacements,
  learnedStyleSchema,
  planLabelsFor,
  replacedPhrases,
  sectionDecisions,
  stylePreferences,
  wordingPattern,
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

describe('learning how the clinician lays out a plan and how long they write', () => {
  const planDraft = [
    '<h2>History of Present Illness</h2>',
    '<p>Right knee pain for three weeks.</p>',
    '<h2>Assessment and Plan</h2>',
    '<p>Right knee sprain.<br>I think this is a sprain of the right knee.<br>We will order an X-ray of the knee.<br>We will prescribe ibuprofen 400 mg twice a day.</p>',
  ].join('');
  // The clinician labels each item by kind and writes a fuller history.
  const planSaved = [
    '<h2>History of Present Illness</h2>',
    '<p>Right knee pain for three weeks, worse on stairs, after a fall from a ladder at home.</p>',
    '<h2>Assessment and Plan</h2>',
    '<p>Right knee sprain.</p>',
    '<ul><li>Medical Reasoning: I think this is a sprain of the right knee.</li>',
    '<li>Additional Testing: X-ray of the knee.</li>',
    '<li>Medical Treatment: Ibuprofen 400 mg twice a day.</li></ul>',
    '<p>Patient Agreements: The patient understands and agrees with the plan.</p>',
  ].join('');

  it('learns each kind of item under the label the clinician gives it, once seen in two notes', () => {
    const once = learnFromEdit(emptyLearnedStyle(), planDraft, planSaved);
    expect(planLabelsFor(once, 'assessment-plan')).toBeNull();
    const twice = learnFromEdit(once, planDraft, planSaved);
    expect(planLabelsFor(twice, 'assessment-plan')).toEqual({
      reasoning: { label: 'Medical Reasoning', bullet: true },
      testing: { label: 'Additional Testing', bullet: true },
      treatment: { label: 'Medical Treatment', bullet: true },
      agreement: { label: 'Patient Agreements', bullet: false },
    });
    expect(stylePreferences(twice)).toContain(
      'Assessment and Plan items under your labels (Medical Reasoning, Additional Testing, Medical Treatment, Patient Agreements)',
    );
  });

  it('writes a section in more detail for a clinician who keeps lengthening it, and keeps doing so', () => {
    let learned = emptyLearnedStyle();
    for (let i = 0; i < 2; i++) learned = learnFromEdit(learned, planDraft, planSaved);
    const history = () => sectionDecisions(learned).find((d) => d.key === 'history');
    expect(history()?.longer).toBe(true);
    expect(stylePreferences(learned)).toContain('more detail in History of Present Illness');
    // The next draft is already longer and saved at that length: still the clinician's habit.
    const longerDraft = planDraft.replace(
      'Right knee pain for three weeks.',
      'Right knee pain for three weeks, worse on stairs, after a fall from a ladder at home.',
    );
    for (let i = 0; i < 4; i++) learned = learnFromEdit(learned, longerDraft, planSaved);
    expect(history()?.longer).toBe(true);
  });

  it("learns the clinician's word for the engine's only where they use it in most notes", () => {
    const rosDraft =
      '<h2>Review of Systems</h2><ul><li>Musculoskeletal: Endorses knee pain.</li><li>Constitutional: Denies fever.</li></ul>';
    const theirs = rosDraft.replace('Endorses', 'Reports');
    const once = learnFromEdit(emptyLearnedStyle(), rosDraft, theirs);
    const ros = (l: typeof once) => sectionDecisions(l).find((d) => d.key === 'ros');
    expect(ros(once)).toBeUndefined();
    const twice = learnFromEdit(once, rosDraft, theirs);
    expect(ros(twice)?.wordings).toEqual([{ from: 'Endorses', to: 'Reports' }]);
    expect(stylePreferences(twice)).toContain('"Reports" for "Endorses"');
    // Kept as drafted in most notes since: the engine's word again.
    let kept = twice;
    for (let i = 0; i < 3; i++) kept = learnFromEdit(kept, rosDraft, rosDraft);
    expect(ros(kept)?.wordings).toEqual([]);
  });

  it('learns "who presents" for the dictated "here for" of the opening line, nowhere else', () => {
    const opening =
      '<h2>History of Present Illness</h2><p>John is a 52-year-old male here for right knee pain. He was here for the same knee last year.</p>';
    const theirs = opening.replace('male here for', 'male who presents for');
    const once = learnFromEdit(emptyLearnedStyle(), opening, theirs);
    const history = (l: typeof once) => sectionDecisions(l).find((d) => d.key === 'history');
    expect(history(once)?.wordings ?? []).toEqual([]);
    const twice = learnFromEdit(once, opening, theirs);
    const [wording] = history(twice)?.wordings ?? [];
    expect(wording).toMatchObject({ from: 'here', to: 'who presents' });
    const pattern = wordingPattern(wording!.from, 'g', wording);
    expect('Ann is a 40-year-old female here with a cough.'.replace(pattern, wording!.to)).toBe(
      'Ann is a 40-year-old female who presents with a cough.',
    );
    // "here" that is not the opening line's stays as written.
    expect('He was here for the same knee last year.'.replace(pattern, wording!.to)).toBe(
      'He was here for the same knee last year.',
    );
    // A clinician who keeps "here for" teaches nothing.
    let kept = emptyLearnedStyle();
    for (let i = 0; i < 3; i++) kept = learnFromEdit(kept, opening, opening);
    expect(history(kept)?.wordings).toEqual([]);
  });

  it('learns how often the clinician names the patient "The patient" rather than "He"', () => {
    const pronouns =
      '<h2>History of Present Illness</h2><p>He fell playing tennis. He takes ibuprofen. He walks without a limp. He denies fever.</p>';
    // Two sentences in four: "The patient" where the draft had "He".
    const theirs = pronouns
      .replace('He fell', 'The patient fell')
      .replace('He walks', 'The patient walks');
    const once = learnFromEdit(emptyLearnedStyle(), pronouns, theirs);
    expect(once.sections.history).toMatchObject({
      patientSubjects: 2,
      pronounSubjects: 2,
      patientSubjectNotes: 1,
    });
    const history = (l: typeof once) => sectionDecisions(l).find((d) => d.key === 'history');
    expect(history(once)).toBeUndefined();
    const twice = learnFromEdit(once, pronouns, theirs);
    expect(history(twice)?.patientSubjectShare).toBe(0.5);
    expect(stylePreferences(twice)).toContain('"The patient" for "He or She"');
    // Still the habit while the clinician keeps the drafts' "The patient" (the draft has it now).
    let applied = twice;
    for (let i = 0; i < 3; i++) applied = learnFromEdit(applied, theirs, theirs);
    expect(history(applied)?.patientSubjectShare).toBe(0.5);
    // A clinician who writes "He" as drafted teaches nothing.
    let kept = emptyLearnedStyle();
    for (let i = 0; i < 3; i++) kept = learnFromEdit(kept, pronouns, pronouns);
    expect(history(kept)?.patientSubjectShare).toBeNull();
    // Labels before plan items are not the sentence's subject ("Patient Agreements: ...").
    const plan =
      '<h2>Assessment and Plan</h2><p>Knee strain.</p><ul><li>Patient Agreements: He agrees with the plan.</li></ul>';
    const labelled = learnFromEdit(emptyLearnedStyle(), plan, plan);
    expect(labelled.sections['assessment-plan']).toMatchObject({
      patientSubjects: 0,
      pronounSubjects: 1,
    });
  });

  it('reads a profile stored before plan labels were learned', () => {
    const { planLabels: _, ...stored } = learnFromEdit(emptyLearnedStyle(), draft, saved);
    const parsed = learnedStyleSchema.parse(JSON.parse(JSON.stringify(stored)));
    expect(parsed.planLabels).toEqual({});
    // ...and before the clinician's words were counted.
    const {
      wordings: _w,
      wordingChances: _c,
      patientSubjects: _p,
      pronounSubjects: _s,
      patientSubjectNotes: _n,
      ...history
    } = stored.sections.history!;
    const older = learnedStyleSchema.parse({ ...stored, sections: { history } });
    expect(older.sections.history?.wordings).toEqual({});
    // ...and before how the clinician names the patient was.
    expect(older.sections.history).toMatchObject({ patientSubjects: 0, patientSubjectNotes: 0 });
  });
});
