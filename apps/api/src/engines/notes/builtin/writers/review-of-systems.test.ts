import { describe, expect, it } from 'vitest';
import {
  DIABETES_REVIEW_VISIT,
  HEADACHE_VISIT,
  KNEE_VISIT,
  SHAPES,
  SHOULDER_STRAIN_VISIT,
  SORE_THROAT_VISIT,
  inThreeShapes,
  writerContext,
} from './consultation.fixture';
import { writeExamination } from './examination';
import { writeHistory } from './history';
import { writeReviewOfSystems } from './review-of-systems';

describe('review of systems writer', () => {
  for (const shape of SHAPES) {
    it(`endorses no side effect told as why a medicine was stopped, ${shape}`, () => {
      const text = (
        writeReviewOfSystems(writerContext(DIABETES_REVIEW_VISIT[shape]))?.bullets ?? []
      ).join(' ');
      expect(text).not.toMatch(/diarrh/i);
      expect(text).not.toMatch(/Endorses numbness/);
    });
  }

  for (const shape of SHAPES) {
    it(`lists each system's symptoms with the polarity the patient gave, ${shape}`, () => {
      const bullets = writeReviewOfSystems(writerContext(KNEE_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain('Constitutional: Denies fever or chills.');
      // The complaint is never denied, whatever else mentions it ("no fracture for your knee pain").
      expect(bullets.join(' ')).not.toMatch(/Denies[^.]*knee pain|Endorses[^.]*(?:fever|chills)/);
    });
  }

  for (const shape of SHAPES) {
    it(`writes no denial from "I don't think so, I haven't checked", ${shape}`, () => {
      const bullets =
        writeReviewOfSystems(writerContext(SHOULDER_STRAIN_VISIT[shape]))?.bullets ?? [];
      expect(bullets.join(' ')).not.toMatch(/fever/i);
      expect(bullets).toContain('Musculoskeletal: Endorses right shoulder pain.');
    });
  }

  it('has nothing to say about a consultation without symptoms', () => {
    expect(
      writeReviewOfSystems(writerContext('[doctor] your blood pressure is 120 over 80.')),
    ).toBeNull();
  });

  for (const shape of SHAPES) {
    it(`reads "any cough?" "no cough." as a denial even when it runs into the examination, ${shape}`, () => {
      const bullets = writeReviewOfSystems(writerContext(SORE_THROAT_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain('Respiratory: Denies cough.');
      expect(bullets).toContain('Constitutional: Endorses fever.');
    });
  }

  for (const shape of SHAPES) {
    it(`endorses what a reply has and denies what it does not ("some nausea, but no vomiting"), ${shape}`, () => {
      const bullets = writeReviewOfSystems(writerContext(HEADACHE_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain('Gastrointestinal: Endorses nausea. Denies vomiting.');
      // "Not really, no." to chest pain, then the next question: the chest pain is denied and the
      // "no" does not deny the nausea asked about next.
      expect(bullets).toContain('Cardiovascular: Denies chest pain.');
      expect(bullets.join(' ')).not.toMatch(/Denies[^.]*nausea/);
    });
  }

  // The browser tests' own consultation: the history goes on after the examination has begun,
  // and the replies are the patient's, not findings.
  const HISTORY_AFTER_EXAM_VISIT = inThreeShapes([
    ['doctor', 'Your throat looks red. It is probably a viral infection.'],
    ['doctor', 'Have you had any chest pain or shortness of breath?'],
    ['patient', 'No chest pain, but I get short of breath on the stairs.'],
    ['doctor', 'Any numbing or tingling down your legs?'],
    ['patient', 'A little bit of numbing, but nothing tingling.'],
  ]);

  for (const shape of SHAPES) {
    it(`reads a reply after the examination has begun as the patient's, ${shape}`, () => {
      const ctx = writerContext(HISTORY_AFTER_EXAM_VISIT[shape]);
      const bullets = writeReviewOfSystems(ctx)?.bullets ?? [];
      expect(bullets).toContain('Cardiovascular: Denies chest pain.');
      expect(bullets).toContain('Respiratory: Endorses shortness of breath.');
      expect(bullets.join(' ')).toMatch(/Endorses numbness/);
      expect(bullets.join(' ')).not.toMatch(/Endorses[^.]*tingling/);
      const exam = (writeExamination(ctx)?.bullets ?? []).join(' ');
      expect(exam).not.toMatch(/short of breath|chest pain|numbing/i);
      // "any numbing or tingling?" "a little bit of numbing, but nothing tingling": not a yes to both.
      expect(writeHistory(ctx)?.content ?? '').not.toMatch(/numbing or tingling/);
    });
  }
});
