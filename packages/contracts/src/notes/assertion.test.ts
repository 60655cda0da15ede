import { describe, expect, it } from 'vitest';
import { findingMentions, findingPolarity, prepareAssertionText } from './assertion';

const assertions = (transcript: string, finding: string) =>
  findingMentions(prepareAssertionText(transcript), finding).map((m) => m.assertion);

/** One consultation in the three shapes the app receives (issue 21). */
const SHAPES = {
  tagged: [
    '[doctor] have you had any other symptoms , chest pain , nausea or vomiting ?',
    '[patient] no .',
    '[doctor] fever , chills ?',
    '[patient] no . none whatsoever .',
    "[patient] but i can't catch my breath when i climb the stairs .",
  ].join('\n'),
  plain:
    "Have you had any other symptoms, chest pain, nausea or vomiting? No. Fever, chills? No. None whatsoever. But I can't catch my breath when I climb the stairs.",
  asr: "have you had any other symptoms chest pain nausea or vomiting no fever chills no none whatsoever but i can't catch my breath when i climb the stairs",
};

describe('the assertion stage', () => {
  for (const [shape, transcript] of Object.entries(SHAPES)) {
    it(`reads a list of symptoms asked about and denied, ${shape}`, () => {
      for (const finding of ['chest pain', 'nausea', 'vomiting', 'fever', 'chills']) {
        expect({ finding, assertions: assertions(transcript, finding) }).toEqual({
          finding,
          assertions: ['negated'],
        });
      }
    });

    it(`keeps a complaint that holds a negation affirmed ("can't catch my breath"), ${shape}`, () => {
      expect(assertions(transcript, 'catch my breath')).toEqual(['affirmed']);
    });
  }

  it('reads statements, denials and answers', () => {
    expect(assertions("i've had some chest pain when i climb stairs", 'chest pain')).toEqual([
      'affirmed',
    ]);
    expect(assertions("i don't have any chest pain", 'chest pain')).toEqual(['negated']);
    expect(
      assertions('[doctor] do you have chest pain ?\n[patient] yes , a little .', 'chest pain'),
    ).toEqual(['affirmed']);
    expect(assertions('do you have chest pain slightly here or there', 'chest pain')).toEqual([
      'affirmed',
    ]);
    expect(assertions('no fever my knee hurts', 'knee')).toEqual(['affirmed']);
    expect(assertions('there is no pain in my chest', 'chest')).toEqual(['negated']);
    expect(assertions("i don't think i've ever had heartburn", 'heartburn')).toEqual(['negated']);
    // The problem a finding is reviewed for is not what the finding denies.
    expect(
      assertions('your x-ray shows no fracture for your left knee pain', 'left knee pain'),
    ).toEqual(['affirmed']);
  });

  it('tells a question left unanswered from a denial', () => {
    expect(
      assertions('[doctor] any chest pain ?\n[patient] well it is hard to say .', 'chest pain'),
    ).toEqual(['asked']);
  });

  it('marks what is hypothetical, possible, past or someone else’s', () => {
    expect(assertions('call me if you get any chest pain', 'chest pain')).toEqual(['hypothetical']);
    // A condition's later alternatives are as hypothetical as its first (ACI-BENCH D2N040's note).
    expect(
      assertions(
        'Rest and fluids. Call us if the headaches become more severe or she develops a fever.',
        'fever',
      ),
    ).toEqual(['hypothetical']);
    expect(assertions('no nausea or i would have called', 'nausea')).toEqual(['negated']);
    expect(assertions('this could be pneumonia', 'pneumonia')).toEqual(['possible']);
    expect(assertions('she has a history of migraines', 'migraines')).toEqual(['historical']);
    // A medicine's side effect, told as why it was stopped, is not a symptom today.
    expect(
      assertions('i stopped it a month ago because it gave me diarrhoea', 'diarrhoea'),
    ).toEqual(['historical']);
    expect(assertions('the tablets made me dizzy so i stopped', 'dizzy')).toEqual(['historical']);
    expect(assertions('my mother had breast cancer', 'breast cancer')).toEqual(['other-person']);
  });

  it('reads medicines taken and not taken', () => {
    expect(assertions('i have been taking ibuprofen for the pain', 'ibuprofen')).toEqual([
      'affirmed',
    ]);
    expect(assertions("i don't take ibuprofen anymore", 'ibuprofen')).toEqual(['negated']);
  });

  it('gives each mention its speaker and its place in the transcript', () => {
    const transcript = '[doctor] any nausea ?\n[patient] i have some nausea in the mornings .';
    const polarity = findingPolarity(prepareAssertionText(transcript), 'nausea');
    expect(polarity).toMatchObject({ affirmed: true, negated: false });
    expect(polarity.mentions.map((m) => [m.speaker, transcript.slice(m.start, m.end)])).toEqual([
      ['doctor', 'nausea'],
      ['patient', 'nausea'],
    ]);
  });
});

describe('the assertion stage on what the offline recogniser writes', () => {
  it('reads a "no" written "know" as no, and "you know" as the verb', () => {
    // The reply names the nausea with its own "no": the question's mention takes no answer of its
    // own, and the reply's denies it.
    expect(assertions('any nausea know nausea', 'nausea')).toEqual(['asked', 'negated']);
    expect(assertions('any nausea know', 'nausea')).toEqual(['negated']);
    expect(assertions('you know the nausea is worse in the morning', 'nausea')).toEqual([
      'affirmed',
    ]);
  });
});

describe('a "no" taken back at once', () => {
  it('denies nothing when the reply goes on to say yes', () => {
    // Unpunctuated, the clinician's own "…, no?" runs into the patient's "sometimes yeah".
    expect(
      assertions(
        'and your little finger any numbness there at times no sometimes yeah it seems numb too',
        'numbness',
      ),
    ).not.toContain('negated');
    expect(
      assertions('[doctor] any fever?\n[patient] no, actually yes, a little.', 'fever'),
    ).not.toContain('negated');
    // A plain no is still a no, and so is "at times, no".
    expect(assertions('[doctor] any fever?\n[patient] no, none at all.', 'fever')).toEqual([
      'negated',
    ]);
    expect(assertions('any numbness at times no none', 'numbness')).toEqual(['negated']);
  });
});

describe('a "no" from someone who has not found out', () => {
  it.each([
    ["[doctor] Any fever?\n[patient] I don't think so, I haven't checked.", 'tagged'],
    ["Any fever? I don't think so, I haven't checked.", 'untagged'],
    ['any fever i do not think so i have not checked my temperature let me examine you', 'asr'],
    ['any fever no not sure', 'asr, not sure'],
  ])('neither denies nor affirms (%s)', (text) => {
    expect(assertions(text, 'fever')).toEqual(['asked']);
  });

  it('leaves a plain no, and one that says what was checked, a denial', () => {
    expect(assertions('any fever no i checked it was normal', 'fever')).toContain('negated');
    expect(assertions("[doctor] any fever?\n[patient] no, I don't think so.", 'fever')).toEqual([
      'negated',
    ]);
  });
});

describe('what the patient does have after a denial', () => {
  it.each([
    ['[patient] no fever , some chills .', 'punctuated'],
    ['no fever some chills', 'unpunctuated'],
  ])('"no fever, some chills" denies only the fever (%s)', (text) => {
    expect(assertions(text, 'fever')).toEqual(['negated']);
    expect(assertions(text, 'chills')).toEqual(['affirmed']);
  });

  it.each([
    ['[doctor] any nausea or vomiting ?\n[patient] some nausea , but no vomiting .', 'tagged'],
    ['Any nausea or vomiting? Some nausea, but no vomiting.', 'untagged'],
    ['any nausea or vomiting some nausea but no vomiting', 'unpunctuated'],
    // The "no" that answered the question before does not deny the next one's finding.
    [
      'do you have any chest pain not really no any nausea or vomiting some nausea but no vomiting',
      'after a no',
    ],
  ])('"any nausea or vomiting? some nausea, but no vomiting" (%s)', (text) => {
    expect(assertions(text, 'nausea')).toContain('affirmed');
    expect(assertions(text, 'nausea')).not.toContain('negated');
    expect(assertions(text, 'vomiting')).toContain('negated');
    expect(assertions(text, 'vomiting')).not.toContain('affirmed');
  });

  it.each([
    [
      '[doctor] are you taking anything for the headaches ?\n[patient] paracetamol , but it does not help much .',
      'tagged',
    ],
    [
      'Are you taking anything for the headaches? Paracetamol, but it does not help much.',
      'untagged',
    ],
    [
      'are you taking anything for the headaches paracetamol but it does not help much',
      'unpunctuated',
    ],
  ])(
    '"are you taking anything for the headaches? paracetamol, but it does not help" (%s)',
    (text) => {
      // The medicine named after the question is the reply, and "it does not help" no denial of it.
      expect(assertions(text, 'paracetamol')).toEqual(['affirmed']);
      // What the question asks about stays asked.
      expect(assertions(text, 'headaches')).not.toContain('affirmed');
    },
  );

  it.each([
    [
      '[doctor] have you had any chest pain or shortness of breath ?\n[patient] no chest pain , but i get short of breath on the stairs .',
      'tagged',
    ],
    [
      'Have you had any chest pain or shortness of breath? No chest pain, but I get short of breath on the stairs.',
      'untagged',
    ],
    [
      'have you had any chest pain or shortness of breath no chest pain but i get short of breath on the stairs',
      'unpunctuated',
    ],
  ])('"no chest pain" denies only the chest pain of the two asked about (%s)', (text) => {
    expect(assertions(text, 'chest pain')).toContain('negated');
    expect(assertions(text, 'shortness of breath')).not.toContain('negated');
    expect(assertions(text, 'short of breath')).toEqual(['affirmed']);
  });

  it('reads a "no" after a long list asked about as the answer to all of it, unpunctuated', () => {
    const text =
      'any other symptoms like a cough or shortness of breath or dizziness or anything like that no okay now since you are here';
    expect(assertions(text, 'dizziness')).toEqual(['negated']);
    expect(assertions(text, 'cough')).toEqual(['negated']);
  });

  it('keeps a finding asked about after "anything for" in the question', () => {
    const text = 'are you taking anything for the pain or the swelling';
    expect(assertions(text, 'swelling')).toEqual(['asked']);
    expect(assertions('are you taking anything for pain', 'pain')).toEqual(['asked']);
  });

  it('leaves a condition a condition ("if you get some chest pain") and a wish a wish', () => {
    expect(assertions('[doctor] call me if you get some chest pain .', 'chest pain')).toEqual([
      'hypothetical',
    ]);
    expect(assertions('[patient] i wish i had some weight loss .', 'weight loss')).toEqual([
      'hypothetical',
    ]);
  });
});

it('reads "I do not hear the question" as asking again, not as no', () => {
  expect(
    assertions('[doctor] any chest pain ?\n[patient] i do not hear the question .', 'chest pain'),
  ).not.toContain('negated');
  expect(assertions('[doctor] any chest pain ?\n[patient] i do not .', 'chest pain')).toEqual([
    'negated',
  ]);
});
