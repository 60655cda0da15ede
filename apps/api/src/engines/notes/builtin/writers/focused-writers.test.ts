import { describe, expect, it } from 'vitest';
import { writeAllergies } from './allergies';
import { writeFamilyHistory, writePastHistory, writeSocialHistory } from './background';
import { writeChiefComplaint } from './chief-complaint';
import { inThreeShapes, KNEE_VISIT, SHAPES, writerContext } from './consultation.fixture';
import { writeFollowUp } from './follow-up';
import { writeMedications } from './medications';

describe('focused section writers', () => {
  for (const shape of SHAPES) {
    it(`write the complaint, the medicine and the follow-up, ${shape}`, () => {
      const ctx = writerContext(KNEE_VISIT[shape]);
      expect(writeChiefComplaint(ctx)?.content).toBe('Left knee pain.');
      expect(writeMedications(ctx)?.bullets).toEqual(['Ibuprofen 400 mg twice a day']);
      const followUp = writeFollowUp(ctx)?.content ?? '';
      expect(followUp).toMatch(/^Follow up in 2 weeks\./);
      expect(followUp).not.toMatch(/thank|sounds good/i);
    });

    it(`say nothing of what was not discussed (the note writes "Not discussed."), ${shape}`, () => {
      const ctx = writerContext(KNEE_VISIT[shape]);
      expect(writeAllergies(ctx)).toBeNull();
      expect(writeSocialHistory(ctx)).toBeNull();
      expect(writeFamilyHistory(ctx)).toBeNull();
    });
  }

  it('says "No known drug allergies" only when the patient said so', () => {
    const said = writerContext('[doctor] any allergies to medications?\n[patient] no, none.');
    expect(writeAllergies(said)?.content).toBe('No known drug allergies.');
  });
});

/** A visit whose story of the injury uses social words ("a walk", "my wife") and speaks of surgery to come. */
const BACKGROUND_VISIT = inThreeShapes([
  ['doctor', 'What happened to your ankle?'],
  ['patient', 'My wife and I were on a walk yesterday and I stepped off the curb and twisted it.'],
  ['doctor', 'Do you have any other medical problems?'],
  ['patient', 'I had a heart attack in 2018 and they put a stent in.'],
  ['doctor', 'Do you smoke?'],
  ['patient', 'I smoke about half a pack a day.'],
  ['doctor', 'What do you do for work?'],
  ['patient', 'I work as a cashier at the supermarket.'],
  ['doctor', 'We want you to have the knee surgery this summer once the ankle has healed.'],
]);

describe('social and past history writers', () => {
  for (const shape of SHAPES) {
    it(`write habits and circumstances, not the injury's story, ${shape}`, () => {
      const social = writeSocialHistory(writerContext(BACKGROUND_VISIT[shape]))?.content ?? '';
      expect(social).toMatch(/smoke/i);
      expect(social).toMatch(/cashier/i);
      expect(social).not.toMatch(/curb|walk/i);
    });

    it(`write what the patient has had, not the surgery planned, ${shape}`, () => {
      const past = writePastHistory(writerContext(BACKGROUND_VISIT[shape]))?.content ?? '';
      expect(past).toMatch(/heart attack/i);
      expect(past).not.toMatch(/this summer|knee surgery/i);
    });
  }
});
