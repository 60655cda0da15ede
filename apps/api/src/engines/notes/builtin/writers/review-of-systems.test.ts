import { describe, expect, it } from 'vitest';
import {
  DIABETES_REVIEW_VISIT,
  HEADACHE_VISIT,
  KNEE_VISIT,
  SHAPES,
  SHOULDER_STRAIN_VISIT,
  SORE_THROAT_VISIT,
  writerContext,
} from './consultation.fixture';
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
});
