import { describe, expect, it } from 'vitest';
import { writeAllergies } from './allergies';
import { writeFamilyHistory, writeSocialHistory } from './background';
import { writeChiefComplaint } from './chief-complaint';
import { KNEE_VISIT, SHAPES, writerContext } from './consultation.fixture';
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
