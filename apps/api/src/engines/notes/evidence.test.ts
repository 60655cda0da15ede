import { describe, expect, it } from 'vitest';
import { annotateNote, evidenceForSavedNote, openEvidence, sealEvidence } from './evidence';
import { finishNote } from './render';

const TRANSCRIPTS = {
  tagged: '[doctor] any chest pain?\n[patient] no.\n[doctor] take lisinopril 10 mg once a day.',
  plain: 'Any chest pain? No. Take lisinopril 10 mg once a day.',
  asr: 'any chest pain no take lisinopril 10 mg once a day',
};

describe('evidence and safety on a finished note', () => {
  for (const [shape, transcript] of Object.entries(TRANSCRIPTS)) {
    it(`points each sentence at what was said and flags what was not, ${shape}`, () => {
      const note = annotateNote(
        finishNote(
          [{ title: 'Plan', content: 'Denies chest pain. Lisinopril 20 mg once a day.' }],
          'test',
        ),
        transcript,
      );
      const [denial, dose] = note.evidence ?? [];
      expect(denial).toMatchObject({ text: 'Denies chest pain.', supported: true });
      expect(denial?.spans.length).toBeGreaterThan(0);
      expect(dose?.text).toBe('Lisinopril 20 mg once a day.');
      expect(note.safety?.map((f) => f.kind)).toContain('number');
    });
  }

  it("keeps the engine's evidence for a sentence the clinician left as it was", () => {
    const transcript = TRANSCRIPTS.tagged;
    const draft = annotateNote(
      finishNote([{ title: 'Plan', content: 'Denies chest pain.' }], 'test'),
      transcript,
    ).evidence;
    const saved = evidenceForSavedNote('<h2>Plan</h2><p>Denies chest pain.</p>', transcript, draft);
    expect(saved).toEqual(draft);
  });

  it('seals evidence for storage and reads a damaged value as none', () => {
    const evidence = [{ section: 'Plan', text: 'A.', spans: [], support: 0, supported: false }];
    const seal = (text: string) => Buffer.from(text).toString('base64');
    const open = (text: string) => Buffer.from(text, 'base64').toString();
    expect(openEvidence(sealEvidence(evidence, seal), open)).toEqual(evidence);
    expect(openEvidence('not sealed', open)).toEqual([]);
    expect(openEvidence(null, open)).toEqual([]);
  });
});
