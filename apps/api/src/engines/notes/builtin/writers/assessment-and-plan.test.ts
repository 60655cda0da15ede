import { describe, expect, it } from 'vitest';
import { writeAssessment, writeAssessmentAndPlan, writePlan } from './assessment-and-plan';
import {
  inThreeShapes,
  KNEE_VISIT,
  SHAPES,
  SORE_THROAT_VISIT,
  FLU_VISIT,
  SHOULDER_STRAIN_VISIT,
  ASTHMA_REVIEW_VISIT,
  TENSION_HEADACHE_VISIT,
  EAR_INFECTION_VISIT,
  INHALER_REVIEW_VISIT,
  CHILD_COUGH_VISIT,
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
    it(`reads "it looks like a muscular strain" as the assessment, and a return only if not better as said, ${shape}`, () => {
      const text =
        writeAssessmentAndPlan(writerContext(SHOULDER_STRAIN_VISIT[shape]))?.content ?? '';
      expect(text).toMatch(/muscular strain/i);
      expect(text).toMatch(/use ice and take paracetamol as needed/);
      expect(text).not.toMatch(/examine|tenderness|trapezius/i);
      const bullets = writePlan(writerContext(SHOULDER_STRAIN_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain('Come back in 2 weeks if it is not better.');
      // No visit was booked: the patient comes back only if it is not better.
      expect(bullets).not.toContain('Follow up in 2 weeks.');
    });
  }

  for (const shape of SHAPES) {
    it(`assesses a review by how well the condition is controlled, and plans the inhalers, ${shape}`, () => {
      const assessment = writeAssessment(writerContext(ASTHMA_REVIEW_VISIT[shape]))?.bullets ?? [];
      expect(assessment).toEqual(["Asthma: The patient's asthma is not well controlled."]);
      const bullets = writePlan(writerContext(ASTHMA_REVIEW_VISIT[shape]))?.bullets ?? [];
      expect(bullets[0]).toMatch(
        /^Restart the brown inhaler,? 2 puffs twice a day,? and use the blue one when they need it\.$/,
      );
      expect(bullets.join(' ')).not.toMatch(/controlled|wheezes|peak flow/);
    });
  }

  for (const shape of SHAPES) {
    it(`keeps the advice after the diagnosis in the plan, not the assessment, ${shape}`, () => {
      const assessment = writeAssessment(writerContext(TENSION_HEADACHE_VISIT[shape]))?.bullets;
      expect(assessment).toHaveLength(1);
      expect(assessment?.[0]).toMatch(/^Tension headaches[.:]/);
      expect(assessment?.[0]).not.toMatch(/screen|paracetamol/);
      const plan = (writePlan(writerContext(TENSION_HEADACHE_VISIT[shape]))?.bullets ?? []).join(
        ' ',
      );
      expect(plan).toMatch(/cut down on screen time/);
      expect(plan).toMatch(/paracetamol up to 4 times a day/);
    });

    it(`writes care told to a parent after the diagnosis as the plan, ${shape}`, () => {
      const plan = writePlan(writerContext(CHILD_COUGH_VISIT[shape]))?.bullets ?? [];
      expect(plan).toContain('Give him paracetamol for the fever and plenty of fluids.');
      expect(plan).toContainEqual(
        expect.stringMatching(/^If he stops drinking or has trouble breathing,? bring him back/),
      );
    });

    it(`writes a safety net to A and E as a plan item of its own, ${shape}`, () => {
      const tension = writePlan(writerContext(TENSION_HEADACHE_VISIT[shape]))?.bullets ?? [];
      expect(tension).toContainEqual(
        expect.stringMatching(
          /^If they get a sudden severe headache or weakness,? go to A and E\.$/,
        ),
      );
      expect(tension).toContainEqual('Keep taking paracetamol up to 4 times a day.');
      const inhaler = writePlan(writerContext(INHALER_REVIEW_VISIT[shape]))?.bullets ?? [];
      expect(inhaler).toContainEqual(
        expect.stringMatching(/^If they are getting worse,? go to A and E\.$/),
      );
    });
  }

  for (const shape of SHAPES) {
    it(`writes advice to the parent as the parent's, after a dose with numbers, ${shape}`, () => {
      const plan = (writePlan(writerContext(EAR_INFECTION_VISIT[shape]))?.bullets ?? []).join(' ');
      expect(plan).toMatch(/the parent or carer can give her paracetamol for the fever/);
      expect(plan).not.toMatch(/she can give her/);
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
