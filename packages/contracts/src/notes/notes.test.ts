import { describe, expect, it } from 'vitest';
import {
  endsMidPhrase,
  noteSentences,
  repairMidPhrase,
  transcriptSegments,
  wordTokens,
} from './clinical-text';
import { alignNoteEvidence } from './evidence';
import { checkNoteSafety } from './safety-check';

const TRANSCRIPT = [
  '[doctor] how is the knee ?',
  "[patient] my left knee has been hurting for two weeks . i do n't have any fever .",
  '[doctor] any chest pain ?',
  '[patient] no .',
  '[doctor] are you allergic to anything ?',
  "[patient] i'm allergic to penicillin .",
  '[doctor] your blood pressure is one twenty over eighty . i will start lisinopril ten milligrams once a day .',
].join('\n');

const NOTE = `<h2>History of Present Illness</h2><p>Left knee pain for 2 weeks. Denies fever or chest pain.</p>
<h2>Allergies</h2><p>Allergic to penicillin.</p>
<h2>Plan</h2><ul><li>Start lisinopril 10 mg daily.</li></ul><p>Blood pressure 120/80.</p>`;

describe('transcript and note text', () => {
  it('keeps speaker tags out of the spans and full stops inside numbers', () => {
    const segments = transcriptSegments(
      '[doctor] your hemoglobin is 8.2 today .\n[patient] okay .',
    );
    expect(segments.map((s) => s.text)).toEqual(['your hemoglobin is 8.2 today .', 'okay .']);
    const first = segments[0]!;
    expect('[doctor] your hemoglobin is 8.2 today .'.slice(first.start, first.end)).toBe(
      first.text,
    );
  });

  it('reads spoken numbers as a clinician writes them', () => {
    expect(wordTokens('one twenty over eighty, three out of six, twenty eighteen')).toEqual([
      '120/80',
      '3/6',
      '2018',
    ]);
    expect(wordTokens('fifty eight year old, a thousand milligrams, eight point two')).toEqual([
      '58',
      'year',
      'old',
      '1000',
      'milligrams',
      '8.2',
    ]);
    expect(wordTokens('five five')).toEqual(['5', '5']);
  });

  it('splits a note into sentences under their headings', () => {
    expect(noteSentences(NOTE).map((s) => `${s.section}: ${s.text}`)).toEqual([
      'History of Present Illness: Left knee pain for 2 weeks.',
      'History of Present Illness: Denies fever or chest pain.',
      'Allergies: Allergic to penicillin.',
      'Plan: Start lisinopril 10 mg daily.',
      'Plan: Blood pressure 120/80.',
    ]);
  });

  it("keeps a title's full stop inside its sentence", () => {
    expect(
      noteSentences(
        '<p>Mr. Jones is a male who presents today. Dr. Patel saw him. He is well.</p>',
      ).map((s) => s.text),
    ).toEqual(['Mr. Jones is a male who presents today.', 'Dr. Patel saw him.', 'He is well.']);
  });
});

describe('evidence', () => {
  it('points each sentence at the transcript words it comes from', () => {
    const evidence = alignNoteEvidence(NOTE, TRANSCRIPT);
    expect(evidence.every((e) => e.supported)).toBe(true);
    const quoted = (i: number) =>
      evidence[i]!.spans.map((s) => TRANSCRIPT.slice(s.start, s.end)).join(' | ');
    expect(quoted(0)).toContain('my left knee has been hurting for two weeks');
    expect(quoted(2)).toContain('allergic to penicillin');
    expect(quoted(3)).toContain('lisinopril ten milligrams');
  });

  it('marks a sentence nothing in the consultation supports', () => {
    const [evidence] = alignNoteEvidence(
      '<p>The patient understands and agrees with the recommended plan.</p>',
      TRANSCRIPT,
    );
    expect(evidence?.supported).toBe(false);
  });

  it('reads a plan item past a label that is only layout, never past one that states a fact', () => {
    const [labelled, unsupported, stated] = alignNoteEvidence(
      [
        '<p>• Additional Testing and Counseling: Lisinopril.</p>',
        '<p>Patient Education and Counseling: The patient understands and agrees with the recommended plan.</p>',
        '<p>Heart Murmur: Present.</p>',
      ].join(''),
      TRANSCRIPT,
    );
    expect(labelled?.supported).toBe(true);
    expect(unsupported?.supported).toBe(false);
    expect(stated?.supported).toBe(false);
  });
});

describe('safety check', () => {
  it('finds nothing in a note that keeps to the transcript', () => {
    expect(checkNoteSafety(NOTE, TRANSCRIPT)).toEqual([]);
  });

  it('flags a dose changed from 10 mg to 100 mg, with where the transcript gives the dose', () => {
    const findings = checkNoteSafety(NOTE.replace('10 mg', '100 mg'), TRANSCRIPT);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'number', fact: '100 mg' });
    const quote = findings[0]!.evidence.map((s) => TRANSCRIPT.slice(s.start, s.end)).join(' ');
    expect(quote).toContain('ten milligrams');
  });

  it('flags a changed frequency, a swapped side, a lost negation and an invented allergy', () => {
    const edited = NOTE.replace('10 mg daily', '10 mg twice daily')
      .replace('Left knee', 'Right knee')
      .replace('Allergic to penicillin', 'Allergic to sulfa');
    const kinds = checkNoteSafety(edited, TRANSCRIPT).map((f) => f.kind);
    expect(kinds).toEqual(['laterality', 'allergy', 'frequency']);

    const negation = checkNoteSafety(
      '<p>Denies knee pain.</p>',
      '[patient] my knee pain is getting worse .',
    );
    expect(negation.map((f) => f.kind)).toEqual(['negation']);
  });

  it('takes the patient’s words for a finding the note names otherwise', () => {
    const said =
      'have you had any chest pain or shortness of breath no chest pain but i get short of breath on the stairs any nausea i feel nauseated';
    expect(
      checkNoteSafety('<p>Endorses shortness of breath and nausea. Denies chest pain.</p>', said),
    ).toEqual([]);
    // Denied in the patient's words, it is still flagged.
    const denied = checkNoteSafety(
      '<p>Endorses shortness of breath.</p>',
      'any shortness of breath no i am not short of breath',
    );
    expect(denied.map((f) => f.kind)).toEqual(['negation']);
  });

  it('flags "no known allergies" when the transcript names one', () => {
    const findings = checkNoteSafety('<p>No known drug allergies.</p>', TRANSCRIPT);
    expect(findings.map((f) => f.kind)).toEqual(['allergy']);
  });
});

/** A consultation in the shapes the app receives: tagged, punctuated without speakers, recogniser. */
const SLIPS_TRANSCRIPT = {
  tagged: [
    '[doctor] what happened to your knee ?',
    '[patient] i twisted my right knee on a ladder and it has been swelling since .',
    '[doctor] have you taken anything for it ?',
    '[patient] i have been taking ibuprofen , two tablets twice a day .',
    '[doctor] any chest pain , shortness of breath ?',
    '[patient] no , nothing like that .',
  ].join('\n'),
  plain:
    'What happened to your knee? I twisted my right knee on a ladder and it has been swelling since. Have you taken anything for it? I have been taking ibuprofen, two tablets twice a day. Any chest pain, shortness of breath? No, nothing like that.',
  asr: 'what happened to your knee i twisted my right knee on a ladder and it has been swelling since have you taken anything for it i have been taking ibuprofen two tablets twice a day any chest pain shortness of breath no nothing like that',
};

describe('the safety check on every transcript shape (issue 21)', () => {
  for (const [shape, transcript] of Object.entries(SLIPS_TRANSCRIPT)) {
    it(`passes a note that keeps to what was said, ${shape}`, () => {
      const note =
        '<p>Swelling of the right knee after twisting it on a ladder. Taking ibuprofen 2 tablets twice daily. Denies chest pain or shortness of breath.</p>';
      expect(checkNoteSafety(note, transcript)).toEqual([]);
    });

    it(`flags a denied symptom stated as present, ${shape}`, () => {
      const findings = checkNoteSafety('<p>Endorses chest pain.</p>', transcript);
      expect(findings).toMatchObject([{ kind: 'negation', fact: 'chest pain' }]);
      expect(findings[0]?.message).toBe(
        'The note says chest pain is present; the transcript says no chest pain.',
      );
    });

    it(`flags the wrong side, ${shape}`, () => {
      const findings = checkNoteSafety('<p>Swelling of the left knee.</p>', transcript);
      expect(findings.map((f) => f.kind)).toEqual(['laterality']);
    });

    it(`flags a reversed medication statement, ${shape}`, () => {
      const findings = checkNoteSafety('<p>The patient does not take ibuprofen.</p>', transcript);
      expect(findings).toMatchObject([{ kind: 'negation', fact: 'no ibuprofen' }]);
    });

    it(`flags an allergy statement about allergies nobody discussed, ${shape}`, () => {
      const findings = checkNoteSafety('<p>No known drug allergies.</p>', transcript);
      expect(findings).toMatchObject([
        {
          kind: 'allergy',
          message: 'The note says no allergies; the transcript does not discuss allergies.',
        },
      ]);
    });
  }
});

describe('the side of a finding in speech without punctuation', () => {
  // Long unpunctuated speech is cut into windows of words; here "right" ends one and "ear" starts
  // the next, and "the left ear is normal" is said later.
  const transcript =
    'hello what has brought you in with lily today she has had a sore right ear since last night and a temperature of thirty eight point five is she eating and drinking she is drinking but not eating much any discharge from the ear no her right eardrum is red and bulging the left ear is normal';

  it('finds the side said with the body part across the cut', () => {
    expect(
      checkNoteSafety('<p>She has had a sore right ear since last night.</p>', transcript),
    ).toEqual([]);
  });

  it('still flags a side nobody said', () => {
    const findings = checkNoteSafety('<p>Swelling of the left eardrum.</p>', transcript);
    expect(findings.map((f) => f.kind)).toEqual(['laterality']);
  });
});

describe('the oxygen saturation as a note writes it', () => {
  it('finds "SpO2: 98%." in a saturation said in words', () => {
    const [evidence] = alignNoteEvidence(
      '<p>SpO2: 98%.</p>',
      '[doctor] Your oxygen saturation is ninety eight percent.',
    );
    expect(evidence).toMatchObject({ supported: true, support: 1 });
  });
});

describe('a side the speaker took back', () => {
  const said = [
    '[doctor] What brings you in today?\n[patient] I have pain in my left shoulder, sorry, I mean my right shoulder, for about two weeks.',
    'i have pain in my left shoulder sorry i mean my right shoulder for about two weeks',
  ];
  for (const transcript of said) {
    it(`flags the side taken back, not the correction: ${transcript.slice(0, 12)}`, () => {
      const findings = checkNoteSafety('<p>Endorses left shoulder pain.</p>', transcript);
      expect(findings).toMatchObject([
        {
          kind: 'laterality',
          message: 'The note says left; the transcript says right shoulder.',
        },
      ]);
      expect(checkNoteSafety('<p>Endorses right shoulder pain.</p>', transcript)).toEqual([]);
    });
  }

  it('still takes a side said twice, the second time with "sorry" about something else', () => {
    const transcript =
      '[patient] My left shoulder hurts. Sorry, I am late, the left shoulder is the one.';
    expect(checkNoteSafety('<p>Left shoulder pain.</p>', transcript)).toEqual([]);
  });
});

describe('sentences that stop mid-phrase', () => {
  it('are cut back to the last complete clause, or dropped', () => {
    expect(endsMidPhrase('We will get a lipid panel to.')).toBe(true);
    expect(endsMidPhrase('She will follow up.')).toBe(false);
    expect(repairMidPhrase('She has been struggling with her knee, off and.')).toBe(
      'She has been struggling with her knee.',
    );
    expect(repairMidPhrase('We talked about.')).toBeNull();
    expect(repairMidPhrase('Denies chest pain.')).toBe('Denies chest pain.');
  });
});

describe('a spoken decimal point', () => {
  it.each([
    ['tokenised (ACI-BENCH)', '[doctor] your temperature is ninety eight . seven today'],
    ['as a recogniser writes it', 'your temperature is ninety eight point seven today'],
  ])("bears out the note's 98.7, %s", (_shape, transcript) => {
    expect(checkNoteSafety('Temperature: 98.7 °F.', transcript)).toEqual([]);
    expect(checkNoteSafety('Temperature: 98 °F.', transcript)).not.toEqual([]);
  });
});
