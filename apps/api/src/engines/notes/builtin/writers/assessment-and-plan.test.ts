import { describe, expect, it } from 'vitest';
import { writeAssessmentAndPlan, writePlan } from './assessment-and-plan';
import {
  inThreeShapes,
  KNEE_VISIT,
  SHAPES,
  SORE_THROAT_VISIT,
  FLU_VISIT,
  writerContext,
} from './consultation.fixture';
import { writeHistory } from './history';

describe('assessment and plan writer', () => {
  for (const shape of SHAPES) {
    it(`names the problem, then what will be done and when to come back, ${shape}`, () => {
      const text = writeAssessmentAndPlan(writerContext(KNEE_VISIT[shape]))?.content ?? '';
      expect(text).toMatch(/medial meniscus strain/i);
      expect(text).toMatch(/will get a knee brace and I want (?:her|them) to ice it\./);
      expect(text).toMatch(/Follow up in 2 weeks\./);
    });

    it(`writes the plan as bullets with every verb kept, ${shape}`, () => {
      const bullets = writePlan(writerContext(KNEE_VISIT[shape]))?.bullets ?? [];
      expect(bullets.join(' ')).not.toMatch(/will a\b/);
      expect(bullets).toContain('Follow up in 2 weeks.');
    });
  }

  // A short visit with no "assessment" or "plan" cue: the diagnosis and the treatment are said
  // right after the history. Without speakers, who names today's diagnosis is the clinician.
  const SHORT_VISIT = inThreeShapes([
    ['doctor', 'Hi, what brings you in today?'],
    ['patient', 'My left hand has been numb for a few months. My diabetes is well controlled.'],
    ['doctor', 'I think this is carpal tunnel syndrome. I will give you a wrist splint.'],
  ]);
  for (const shape of SHAPES) {
    it(`finds the diagnosis and the treatment of a short visit without cues, ${shape}`, () => {
      const plan = writeAssessmentAndPlan(writerContext(SHORT_VISIT[shape]))?.content ?? '';
      expect(plan).toMatch(/carpal tunnel syndrome/i);
      expect(plan).toMatch(/wrist splint/);
      const history = writeHistory(writerContext(SHORT_VISIT[shape]))?.content ?? '';
      // Neither the patient's belief nor the patient's name: the diagnosis is the clinician's.
      expect(history).not.toMatch(/carpal|tunnel/i);
      expect(history).toMatch(/^The patient presents today/);
    });
  }

  for (const shape of SHAPES) {
    it(`writes the treatment and when to come back as two plan items, ${shape}`, () => {
      const bullets = writePlan(writerContext(SORE_THROAT_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain('We will prescribe amoxicillin 500 mg twice a day for 10 days.');
      expect(bullets).toContain('Come back if it is not better in a week.');
    });
  }

  for (const shape of SHAPES) {
    it(`reads "this looks like influenza" as the assessment, and the finding before it as none, ${shape}`, () => {
      const text = writeAssessmentAndPlan(writerContext(FLU_VISIT[shape]))?.content ?? '';
      expect(text).toMatch(/influenza/i);
      expect(text).toMatch(/certificate for work until Friday/);
      expect(text).not.toMatch(/temperature/i);
    });
  }
});
