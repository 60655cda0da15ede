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

  it('makes the patient\'s "your" that owns a part of the body or something clinical theirs', () => {
    const she = pronounsFor('female');
    expect(patientToThirdPerson('i landed on my arm like right on your shoulder', she)).toBe(
      'she landed on her arm like right on her shoulder',
    );
    expect(patientToThirdPerson('i had gone through your hemoglobin a1c results', she)).toBe(
      'she had gone through her hemoglobin a1c results',
    );
    expect(patientToThirdPerson('your right knee to be more exact', pronounsFor('male'))).toBe(
      'his right knee to be more exact',
    );
  });

  it('keeps a "your" that may be the listener\'s or owns nothing clinical', () => {
    const he = pronounsFor('male');
    // Speaking to someone: "your" can be the listener's.
    expect(patientToThirdPerson('when you bend your knee it hurts', he)).toBe(
      'when you bend your knee it hurts',
    );
    expect(patientToThirdPerson('i called your office twice', he)).toBe(
      'he called your office twice',
    );
  });

  it('writes advice to a parent or carer as advice, not as the patient doing it', () => {
    const she = pronounsFor('female');
    expect(clinicianToThirdPerson('you can give her paracetamol every 6 hours.', she)).toBe(
      'advised to give her paracetamol every 6 hours.',
    );
    expect(
      clinicianToThirdPerson(
        'if the fever goes up you should give him ibuprofen.',
        pronounsFor('male'),
      ),
    ).toBe('if the fever goes up the parent or carer should give him ibuprofen.');
    // After a clause with numbers and commas: "… for 5 days, and you can give her …".
    expect(
      clinicianToThirdPerson(
        'i will give her amoxicillin 3 times a day for 5 days, and you can give her paracetamol.',
        she,
      ),
    ).toBe(
      'i will give her amoxicillin 3 times a day for 5 days, and the parent or carer can give her paracetamol.',
    );
    // Unknown sex: "her" is the patient the listener cares for.
    expect(clinicianToThirdPerson('you can give her paracetamol.', pronounsFor(null))).toBe(
      'advised to give her paracetamol.',
    );
    // "her" is someone else when the patient is male; "them" may be the tablets.
    expect(clinicianToThirdPerson('you can give her a call tomorrow.', pronounsFor('male'))).toBe(
      'he can give her a call tomorrow.',
    );
    expect(clinicianToThirdPerson('you can take them twice a day.', she)).toBe(
      'she can take them twice a day.',
    );
  });
});
