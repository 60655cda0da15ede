import { describe, expect, it } from 'vitest';
import { clinicianToThirdPerson, patientToThirdPerson, pronounsFor } from './perspective';

describe('perspective', () => {
  it("turns the patient's first person into the note's third person", () => {
    expect(patientToThirdPerson('i have been taking my metformin', pronounsFor('female'))).toBe(
      'she has been taking her metformin',
    );
    expect(patientToThirdPerson('i have been taking my metformin', pronounsFor('male'))).toBe(
      'he has been taking his metformin',
    );
  });

  it('says "the patient" and singular "they" when the sex was not stated, never guessing', () => {
    expect(patientToThirdPerson('i have been taking my metformin', pronounsFor(null))).toBe(
      'the patient has been taking their metformin',
    );
  });

  it('turns what the clinician says to the patient into what the note records', () => {
    expect(
      clinicianToThirdPerson('i want you to keep taking your lisinopril', pronounsFor('female')),
    ).toBe('i want her to keep taking her lisinopril');
  });
});
