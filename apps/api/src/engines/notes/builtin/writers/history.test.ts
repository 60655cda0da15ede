import { describe, expect, it } from 'vitest';
import {
  CHILD_COUGH_VISIT,
  DIABETES_REVIEW_VISIT,
  EAR_INFECTION_VISIT,
  FLU_VISIT,
  HEADACHE_VISIT,
  INHALER_REVIEW_VISIT,
  inThreeShapes,
  KNEE_VISIT,
  SHAPES,
  writerContext,
} from './consultation.fixture';
import { writeHistory } from './history';

describe('history writer', () => {
  for (const shape of SHAPES) {
    it(`keeps a time with the reading it opens ("and last night his temperature …"), ${shape}`, () => {
      const history = writeHistory(writerContext(CHILD_COUGH_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/a cough for 5 days and last night his temperature was 38\.4\./);
    });
  }

  for (const shape of SHAPES) {
    it(`writes a reply about another symptom as said, not as the one asked about, ${shape}`, () => {
      const history = writeHistory(writerContext(DIABETES_REVIEW_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/a bit of tingling in (?:his|their) right foot,? not the left\./);
      expect(history).not.toMatch(/numbness/i);
      expect(history).toMatch(/(?:His|The patient's) sugars have been running around twelve/);
    });
  }

  for (const shape of SHAPES) {
    it(`writes a reply to "how often …?" with what was asked, not as an orphan, ${shape}`, () => {
      const history = writeHistory(writerContext(INHALER_REVIEW_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/The patient is using the blue inhaler about 4 times a day now\./);
      expect(history).not.toMatch(/(?:^|\. )About 4 times/);
      expect(history).not.toMatch(/brown one/);
    });

    it(`names the known condition said to be worse as the reason for the visit, once, ${shape}`, () => {
      const history = writeHistory(writerContext(INHALER_REVIEW_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/^The patient presents today for evaluation of asthma\./);
      expect(history).not.toMatch(/significant for asthma/);
    });
  }

  for (const shape of SHAPES) {
    it(`keeps "is she eating and drinking okay?" a question, out of the history, ${shape}`, () => {
      const history = writeHistory(writerContext(EAR_INFECTION_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/drinking but not eating much/);
      expect(history).not.toMatch(/is she eating/i);
    });
  }

  for (const shape of SHAPES) {
    it(`tells the patient's story in the third person with the denials asked about, ${shape}`, () => {
      const history = writeHistory(writerContext(KNEE_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(
        /^Ms\. Lane is a female who presents today for evaluation of left knee pain\./,
      );
      expect(history).toMatch(
        /Her left knee has been hurting for 3 days after she twisted it on a ladder\./,
      );
      expect(history).toMatch(/Denies fever or chills\./);
      expect(history).toMatch(/She takes ibuprofen 400 mg twice a day\./);
      // Neither the patient's own voice nor the clinician's questions reach the note.
      expect(history).not.toMatch(/\b(?:I|my|you|your)\b|\?/);
    });
  }

  // The patient's generic "your" ("right on your shoulder"), and in a transcript without speakers
  // the clinician's "your" read as the patient's, mean the patient's own body.
  const FALL = inThreeShapes([
    ['doctor', 'What happened to your arm?'],
    ['patient', 'I fell and landed on my arm, like right on your shoulder.'],
    ['doctor', 'Does it hurt when you lift it?'],
    ['patient', 'Yes, it hurts a lot when I lift it.'],
  ]);
  for (const shape of SHAPES) {
    it(`writes the patient's generic "your shoulder" as theirs, ${shape}`, () => {
      const history = writeHistory(writerContext(FALL[shape]))?.content ?? '';
      expect(history).toMatch(
        /landed on (?:their|the patient's) arm,? (?:like )?right on their shoulder/,
      );
      expect(history).not.toMatch(/\byour\b/i);
    });
  }

  for (const shape of SHAPES) {
    it(`writes the denial once and nothing of a reply that only says no, ${shape}`, () => {
      const history = writeHistory(writerContext(FLU_VISIT[shape]))?.content ?? '';
      expect(history).toMatch(/Denies chest pain or trouble breathing\./);
      expect(history).not.toMatch(/\bNo\b|none/);
    });
  }

  for (const shape of SHAPES) {
    it(`keeps today's diagnosis, the vital signs and a conditional yes where they belong, ${shape}`, () => {
      const history = writeHistory(writerContext(HEADACHE_VISIT[shape]))?.content ?? '';
      // "I think your headaches are from high blood pressure" is today's assessment, not history.
      expect(history).not.toMatch(/history significant for|hypertension|high blood pressure/i);
      // The blood pressure told to the patient is an examination finding.
      expect(history).not.toMatch(/165/);
      // "Do you get short of breath?" "Only when I climb the stairs.": one sentence, not an orphan.
      expect(history).toMatch(/gets short of breath only when (?:he|they) climbs? the stairs\./);
      expect(history).not.toMatch(/(?:^|\. )Only when/);
    });
  }
});
