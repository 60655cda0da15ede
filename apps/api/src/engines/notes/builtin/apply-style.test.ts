import { describe, expect, it } from 'vitest';
import { TEMPLATE_CATALOGUE } from '../../../db/seed/template-catalogue';
import { BuiltinNoteEngine } from '../builtin.notes';
import type { NoteTemplate } from '../note-engine';
import { emptyLearnedStyle, learnFromEdit, type LearnedStyle } from '../style-learning';

const found = TEMPLATE_CATALOGUE.find((t) => t.name === 'Clinic Visit Note')!;
const template: NoteTemplate = { name: found.name, kind: found.kind, topics: found.topics };

const visits = [
  { part: 'right knee', drug: 'ibuprofen', dose: '400' },
  { part: 'left ankle', drug: 'naproxen', dose: '500' },
  { part: 'right wrist', drug: 'paracetamol', dose: '1000' },
  { part: 'left elbow', drug: 'ibuprofen', dose: '200' },
];

/** Turns as the app receives them: tagged, punctuated without speakers, or words only. */
function shaped(turns: readonly [string, string][], shape: 'tagged' | 'plain' | 'asr'): string {
  if (shape === 'tagged') return turns.map(([who, text]) => `[${who}] ${text}`).join('\n');
  const plain = turns.map(([, text]) => text).join(' ');
  return shape === 'plain'
    ? plain.replace(/(^|[.?] )([a-z])/g, (_m, head: string, c: string) => head + c.toUpperCase())
    : plain.toLowerCase().replace(/[.,?]/g, '');
}

/** One visit as the app receives it: tagged, punctuated without speakers, or words only. */
function transcript(v: (typeof visits)[number], shape: 'tagged' | 'plain' | 'asr'): string {
  const turns: [string, string][] = [
    ['doctor', 'hi, what brings you in today?'],
    ['patient', `my ${v.part} has been hurting for about three weeks.`],
    ['doctor', 'any fever or chills?'],
    ['patient', 'no fever and no chills.'],
    ['doctor', 'do you take any medicines?'],
    ['patient', `i take ${v.drug} ${v.dose} mg twice a day.`],
    ['doctor', `on exam there is mild swelling of the ${v.part} with tenderness.`],
    ['doctor', `my assessment is a strain of the ${v.part}. i want you to rest it and ice it.`],
    ['doctor', 'i will see you back in 2 weeks.'],
  ];
  return shaped(turns, shape);
}

const MEDICATION_SENTENCE = /[^.]*\btakes? [a-z]+ \d+ mg[^.]*\./i;

/** The clinician's edit: the medication sentence of the history deleted, "Pt" for "The patient". */
const edit = (text: string) =>
  text.replace(MEDICATION_SENTENCE, '').replace(/\bThe patient\b/g, 'Pt');

describe.each(['tagged', 'plain', 'asr'] as const)(
  'builtin engine with a learned style (%s transcripts)',
  (shape) => {
    it('leaves out the kind of sentence the clinician keeps deleting, and writes their phrasing', async () => {
      const engine = new BuiltinNoteEngine();
      let learned: LearnedStyle = emptyLearnedStyle();
      for (const visit of visits.slice(0, 3)) {
        const draft = await engine.generate({
          transcript: transcript(visit, shape),
          template,
          style: { learned },
        });
        learned = learnFromEdit(learned, draft.text, edit(draft.text));
      }
      const fourth = transcript(visits[3]!, shape);
      const plain = await engine.generate({ transcript: fourth, template });
      const styled = await engine.generate({ transcript: fourth, template, style: { learned } });
      // Without the profile the draft has the sentence (so the test can fail), with it not.
      expect(plain.text).toMatch(MEDICATION_SENTENCE);
      expect(styled.text).not.toMatch(MEDICATION_SENTENCE);
      expect(styled.text).toMatch(/\bPt\b/);
      expect(styled.text).not.toMatch(/The patient\b/);
      // What the clinician keeps is still there.
      expect(styled.text).toMatch(/left elbow/i);
      expect(styled.text).toMatch(/Follow up in 2 weeks/);
      // Nothing unsupported: every sentence has evidence and the safety check finds nothing.
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);

describe('a learned preference never adds what was not said', () => {
  it('does not apply a learned rewording that the transcript does not bear out', async () => {
    const learned: LearnedStyle = {
      ...emptyLearnedStyle(),
      notes: 5,
      // A "habit" that would flip a negation and invent a finding.
      replacements: [
        { from: 'Denies', to: 'Endorses', notes: 5, drafted: 5 },
        { from: 'fever', to: 'flu', notes: 5, drafted: 5 },
        { from: 'chills', to: 'rash', notes: 5, drafted: 5 },
      ],
    };
    const note = await new BuiltinNoteEngine().generate({
      transcript: transcript(visits[0]!, 'tagged'),
      template,
      style: { learned },
    });
    expect(note.text).toMatch(/Denies fever or chills/);
    expect(note.text).not.toMatch(/Endorses fever|\bflu\b|rash/i);
    expect(note.safety).toEqual([]);
  });

  it('turns a section into bullets when the clinician keeps doing so', async () => {
    const engine = new BuiltinNoteEngine();
    let learned = emptyLearnedStyle();
    for (const visit of visits.slice(0, 2)) {
      const draft = await engine.generate({ transcript: transcript(visit, 'tagged'), template });
      const bulleted = draft.html.replace(
        /<h2>History of Present Illness<\/h2><p>(.*?)<\/p>/,
        (_m, body: string) =>
          `<h2>History of Present Illness</h2><ul>${body
            .split(/(?<=\.) /)
            .map((s) => `<li>${s}</li>`)
            .join('')}</ul>`,
      );
      learned = learnFromEdit(learned, draft.html, bulleted);
    }
    const styled = await engine.generate({
      transcript: transcript(visits[2]!, 'tagged'),
      template,
      style: { learned },
    });
    expect(styled.sections.find((s) => s.title === 'History of Present Illness')?.bullets).toEqual(
      expect.arrayContaining([expect.stringMatching(/right wrist/)]),
    );
  });
});

/** A visit whose plan has reasoning, a test and a treatment, as the app receives it. */
function planVisit(part: string, shape: 'tagged' | 'plain' | 'asr'): string {
  const turns: [string, string][] = [
    ['doctor', 'hi, what brings you in today?'],
    ['patient', `my ${part} has been hurting for about three weeks.`],
    ['doctor', 'any fever or chills?'],
    ['patient', 'no fever and no chills.'],
    ['doctor', `on exam there is mild swelling of the ${part} with tenderness.`],
    [
      'doctor',
      `for your ${part} pain, i think this is a sprain of the ${part}. we will order an x-ray of the ${part}. i will prescribe ibuprofen 400 mg twice a day.`,
    ],
    ['doctor', 'i will see you back in 2 weeks.'],
  ];
  return shaped(turns, shape);
}

/** The profile after the clinician saved three visits' drafts (plan visits unless said) as `edit` makes them. */
async function learnedFromThreeVisits(
  shape: 'tagged' | 'plain' | 'asr',
  edit: (draft: string) => string,
  visit: (part: string, shape: 'tagged' | 'plain' | 'asr') => string = planVisit,
): Promise<LearnedStyle> {
  const engine = new BuiltinNoteEngine();
  let learned: LearnedStyle = emptyLearnedStyle();
  for (const part of ['right knee', 'left ankle', 'right wrist']) {
    const draft = await engine.generate({
      transcript: visit(part, shape),
      template,
      style: { learned },
    });
    learned = learnFromEdit(learned, draft.text, edit(draft.text));
  }
  return learned;
}

/** The clinician's edit: each plan item under a label of its kind, as a bullet. */
const labelItems = (text: string) =>
  text
    .replace(/^(I think .*)$/m, '• Medical Reasoning: $1')
    .replace(/^(We will order .*)$/m, '• Additional Testing: $1')
    .replace(/^(We will prescribe .*)$/m, '• Medical Treatment: $1');

describe.each(['tagged', 'plain', 'asr'] as const)(
  'a plan laid out under the clinician labels (%s transcripts)',
  (shape) => {
    it('labels the fourth draft plan items as the clinician did, every sentence still grounded', async () => {
      const engine = new BuiltinNoteEngine();
      const learned = await learnedFromThreeVisits(shape, labelItems);
      const fourth = planVisit('left elbow', shape);
      const plain = await engine.generate({ transcript: fourth, template });
      const styled = await engine.generate({ transcript: fourth, template, style: { learned } });
      expect(plain.text).not.toMatch(/Medical Reasoning:/);
      expect(styled.text).toMatch(
        /^• Medical Reasoning: I think this is a sprain of the left elbow\.$/m,
      );
      expect(styled.text).toMatch(
        /^• Additional Testing: We will order an X-ray of the left elbow\.$/m,
      );
      expect(styled.text).toMatch(
        /^• Medical Treatment: We will prescribe ibuprofen 400 mg twice a day\.$/m,
      );
      // Layout only: the same sentences, each still evidenced, nothing for the safety check.
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);

/** The clinician's edit: when to come back moved out of the plan into "Instructions" at the end. */
function followUpToInstructions(text: string): string {
  expect(text).toMatch(/^Follow up in 2 weeks\.$/m);
  const moved = text.replace(/^Follow up in 2 weeks\.\n?/m, '').trimEnd();
  return `${moved}\n\nINSTRUCTIONS\n\nFollow up in 2 weeks.\n`;
}

describe.each(['tagged', 'plain', 'asr'] as const)(
  'a section the clinician adds for the next steps (%s transcripts)',
  (shape) => {
    it('writes the follow-up under the clinician\'s "Instructions", not in the plan as well', async () => {
      const engine = new BuiltinNoteEngine();
      const learned = await learnedFromThreeVisits(shape, followUpToInstructions);
      const styled = await engine.generate({
        transcript: planVisit('left elbow', shape),
        template,
        style: { learned },
      });
      const plan = styled.sections.find((s) => s.title === 'Assessment and Plan');
      const instructions = styled.sections.find((s) => s.title.toLowerCase() === 'instructions');
      expect(plan?.content).toMatch(/ibuprofen 400 mg/);
      expect([plan?.content, ...(plan?.bullets ?? [])].join('\n')).not.toMatch(/follow up/i);
      expect(instructions?.content).toMatch(/^Follow up in 2 weeks\./);
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);

/** A visit whose examination opens with the vital signs, as the app receives it. */
function vitalsVisit(part: string, shape: 'tagged' | 'plain' | 'asr'): string {
  const turns: [string, string][] = [
    ['doctor', 'hi, what brings you in today?'],
    ['patient', `my ${part} has been hurting for about three weeks.`],
    ['doctor', 'your blood pressure today is 128 over 82 and your heart rate is 72.'],
    ['doctor', `on exam there is mild swelling of the ${part} with tenderness.`],
    ['doctor', `i think this is a sprain of the ${part}. i want you to rest it and ice it.`],
  ];
  return shaped(turns, shape);
}

/** The clinician's edit: the vital signs moved out of the examination into "VITALS" before it. */
function vitalsToTheirOwnSection(text: string): string {
  const vitals = /^(?:Blood pressure|Heart rate): .*\n?/gm;
  const lines = text.match(vitals) ?? [];
  expect(lines).toHaveLength(2);
  const moved = text.replace(vitals, '');
  return moved.replace(/^PHYSICAL EXAM/m, `VITALS\n\n${lines.join('').trim()}\n\nPHYSICAL EXAM`);
}

describe.each(['tagged', 'plain', 'asr'] as const)(
  'a vital signs section the clinician adds (%s transcripts)',
  (shape) => {
    it('writes the vital signs under "Vitals" and not in the examination as well', async () => {
      const engine = new BuiltinNoteEngine();
      const learned = await learnedFromThreeVisits(shape, vitalsToTheirOwnSection, vitalsVisit);
      const styled = await engine.generate({
        transcript: vitalsVisit('left elbow', shape),
        template,
        style: { learned },
      });
      const titles = styled.sections.map((s) => s.title.toLowerCase());
      expect(titles.indexOf('vitals')).toBeGreaterThanOrEqual(0);
      const examAt = titles.findIndex((t) => t.startsWith('physical exam'));
      expect(titles.indexOf('vitals')).toBe(examAt - 1);
      const vitals = styled.sections.find((s) => s.title.toLowerCase() === 'vitals');
      expect(vitals?.content).toMatch(/^Blood pressure: 128\/82/m);
      const exam = styled.sections[examAt];
      expect([exam?.content, ...(exam?.bullets ?? [])].join('\n')).toMatch(/left elbow/);
      expect([exam?.content, ...(exam?.bullets ?? [])].join('\n')).not.toMatch(/128/);
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);

describe.each(['tagged', 'plain', 'asr'] as const)(
  'the clinician’s word for the engine’s (%s transcripts)',
  (shape) => {
    it('writes "Reports" and "The patient will follow up" where the clinician keeps writing them, and denials as they were', async () => {
      const engine = new BuiltinNoteEngine();
      const learned = await learnedFromThreeVisits(
        shape,
        (text) =>
          text
            .replace(/\bEndorses\b/g, 'Reports')
            .replace(/\bFollow up in\b/g, 'The patient will follow up in'),
        (part, s) =>
          transcript(
            visits.find((v) => v.part === part)!,
            s,
          ),
      );
      const fourth = transcript(visits[3]!, shape);
      const plain = await engine.generate({ transcript: fourth, template });
      const styled = await engine.generate({ transcript: fourth, template, style: { learned } });
      const ros = (note: typeof plain) => {
        const s = note.sections.find((x) => x.title === 'Review of Systems');
        return [s?.content, ...(s?.bullets ?? [])].join('\n');
      };
      // Without the profile the draft says "Endorses" (so the test can fail), with it "Reports".
      expect(ros(plain)).toMatch(/Musculoskeletal: Endorses [a-z ]*pain/);
      expect(ros(styled)).toMatch(/Musculoskeletal: Reports [a-z ]*pain/);
      expect(styled.text).not.toMatch(/\bEndorses\b/);
      expect(ros(styled)).toMatch(/Denies fever or chills/);
      expect(plain.text).toMatch(/^Follow up in 2 weeks\./m);
      expect(styled.text).toMatch(/The patient will follow up in 2 weeks\./);
      expect(styled.text).not.toMatch(/\bFollow up in\b/);
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);

/** A visit whose history has the patient's words and a relative's, as the app receives it. */
function historyVisit(part: string, shape: 'tagged' | 'plain' | 'asr'): string {
  const turns: [string, string][] = [
    ['doctor', `mr. jones is a 52-year-old male here for ${part} pain.`],
    ['doctor', 'what happened?'],
    ['patient', `my ${part} has been hurting for about three weeks.`],
    ['patient', 'i fell playing tennis with my brother.'],
    ['patient', 'my brother had the same injury last year. he had surgery on his knee.'],
    ['patient', 'i have been taking ibuprofen 400 mg twice a day.'],
    ['patient', `i was here for my ${part} last year.`],
    ['doctor', 'any fever or chills?'],
    ['patient', 'no fever and no chills.'],
    ['doctor', `on exam there is mild swelling of the ${part} with tenderness.`],
    ['doctor', `my assessment is a strain of the ${part}. i want you to rest it and ice it.`],
    ['doctor', 'i will see you back in 2 weeks.'],
  ];
  return shaped(turns, shape);
}

/**
 * The clinician's edit: "The patient" for "He" at the head of their sentences about the patient
 * (not the brother's), "who presents for" in the opening line.
 */
const namedAsThePatient = (text: string) =>
  text
    .replace(/(^|\. )He (?![^.]*surgery)/gm, '$1The patient ')
    .replace(/\bmale here for\b/g, 'male who presents for');

/** The sentences of a text that open with "He". */
const openingWithHe = (text: string) => text.split(/(?<=\.) /).filter((s) => /^He\b/.test(s));

describe.each(['tagged', 'plain', 'asr'] as const)(
  'the patient named as the clinician names them (%s transcripts)',
  (shape) => {
    it('writes "The patient" for "He" and "who presents for" as the clinician does, never for someone else', async () => {
      const engine = new BuiltinNoteEngine();
      const learned = await learnedFromThreeVisits(shape, namedAsThePatient, historyVisit);
      const fourth = historyVisit('left elbow', shape);
      const plain = await engine.generate({ transcript: fourth, template });
      const styled = await engine.generate({ transcript: fourth, template, style: { learned } });
      const history = (note: typeof plain) =>
        note.sections.find((s) => s.title === 'History of Present Illness')?.content ?? '';
      // Without the profile the draft opens sentences about the patient with "He" (so the test
      // can fail); with it, with "The patient".
      expect(openingWithHe(history(plain)).filter((s) => !/surgery/.test(s))).not.toEqual([]);
      expect(openingWithHe(history(styled)).filter((s) => !/surgery/.test(s))).toEqual([]);
      expect(history(styled)).toMatch(
        /\bThe patient (?:[a-z]+ that he )?has been taking ibuprofen 400 mg twice a day\./,
      );
      // The sentence after the brother's keeps its pronoun: it may be about him.
      expect(history(styled)).toMatch(/\bbrother\b[^.]*\. He\b/);
      expect(history(styled)).not.toMatch(/The patient [a-z ]*had surgery/);
      // The opening line as the clinician writes it; "here for" elsewhere as said.
      expect(history(plain)).toMatch(/52-year-old male here for left elbow pain/);
      expect(history(styled)).toMatch(/52-year-old male who presents for left elbow pain/);
      expect(history(styled)).toMatch(/he was here for his left elbow last year/);
      expect(styled.safety).toEqual([]);
      for (const sentence of styled.evidence ?? []) expect(sentence.supported).toBe(true);
    });
  },
);
