import { describe, expect, it } from 'vitest';
import {
  DIABETES_REVIEW_VISIT,
  KNEE_VISIT,
  SHAPES,
  ASTHMA_REVIEW_VISIT,
  SHOULDER_STRAIN_VISIT,
  SORE_THROAT_VISIT,
  inThreeShapes,
  writerContext,
} from './consultation.fixture';
import { writeHistory } from './history';
import { writeExamination } from './examination';

describe('examination writer', () => {
  for (const shape of SHAPES) {
    it(`writes a finding said right after a vital sign, ${shape}`, () => {
      const bullets = writeExamination(writerContext(DIABETES_REVIEW_VISIT[shape]))?.bullets ?? [];
      expect(bullets.join(' ')).toMatch(
        /right foot has reduced sensation to the monofilament,? the left is normal\./,
      );
    });
  }

  for (const shape of SHAPES) {
    it(`writes the narrated findings under their body system, and nothing the patient said, ${shape}`, () => {
      const bullets = writeExamination(writerContext(KNEE_VISIT[shape]))?.bullets ?? [];
      expect(bullets).toContain(
        'Musculoskeletal: There is tenderness over the medial joint line of her left knee.',
      );
      expect(bullets.join(' ')).not.toMatch(/ibuprofen|\bI take\b/i);
    });
  }

  for (const shape of SHAPES) {
    it(`files findings under the part examined first, not a later word of another system, ${shape}`, () => {
      const bullets = writeExamination(writerContext(SHOULDER_STRAIN_VISIT[shape]))?.bullets ?? [];
      const text = bullets.join(' ');
      expect(text).toMatch(/^Musculoskeletal: There is tenderness over the right trapezius/);
      expect(text).toMatch(/strength is normal/);
      expect(text).not.toMatch(/Neurological|examine you|muscular strain|paracetamol/);
    });
  }

  for (const shape of SHAPES) {
    it(`writes the wheeze said with the peak flow, without the patient's best, ${shape}`, () => {
      const body = writeExamination(writerContext(ASTHMA_REVIEW_VISIT[shape]));
      expect(body?.bullets).toEqual([
        "Respiratory: The patient's chest has a few wheezes on both sides.",
      ]);
      expect(body?.content).toBe('Peak flow: 320 L/min.');
    });
  }

  it('files "tenderness over the lower abdomen" under the abdomen', () => {
    const bullets =
      writeExamination(
        writerContext(
          '[doctor] Any pain when you eat?\n[patient] Yes, after big meals.\n[doctor] On exam there is tenderness over the lower abdomen.',
        ),
      )?.bullets ?? [];
    expect(bullets.join(' ')).toMatch(
      /^Gastrointestinal: There is tenderness over the lower abdomen/,
    );
  });

  it('leaves out instructions to the patient and the clinician announcing the examination', () => {
    const body = writeExamination(
      writerContext(
        "[doctor] i'm going to examine your knee now. bend your knee for me. there is mild swelling of the right knee.",
      ),
    );
    const text = [body?.content ?? '', ...(body?.bullets ?? [])].join(' ');
    expect(text).toMatch(/mild swelling of the right knee/i);
    expect(text).not.toMatch(/going to examine|bend your knee/i);
  });

  for (const shape of SHAPES) {
    it(`starts the examination at a bare "let me take a look", ${shape}`, () => {
      const bullets = writeExamination(writerContext(SORE_THROAT_VISIT[shape]))?.bullets ?? [];
      expect(bullets.join(' ')).toMatch(
        /throat is red and (?:their|the patient's) tonsils are swollen/,
      );
      // The finding is the clinician's, not the patient's story.
      const history = writeHistory(writerContext(SORE_THROAT_VISIT[shape]))?.content ?? '';
      expect(history).not.toMatch(/tonsils|Patel/i);
    });
  }

  // The evidence browser test's recording as the offline recogniser heard it: "check your kidney
  // function and your sugar control" came out as "queue up … shoulder control", and the engine
  // wrote it as a musculoskeletal finding.
  const PLAN_AFTER_EXAM_VISIT = inThreeShapes([
    [
      'doctor',
      'Your heart sounds are normal and your lungs are clear. There is mild swelling of both ankles.',
    ],
    [
      'doctor',
      'I would like to queue up kidney function and your shoulder control is a lot death recently.',
    ],
    ['doctor', 'We will say mild tenderness to light palpation in the upper abdomen.'],
  ]);

  for (const shape of SHAPES) {
    it(`writes what the clinician means to do as no finding, and each finding they dictate, ${shape}`, () => {
      const text = (
        writeExamination(writerContext(PLAN_AFTER_EXAM_VISIT[shape]))?.bullets ?? []
      ).join(' ');
      expect(text).toMatch(/Heart sounds are normal/i);
      // Unpunctuated, "are clear there is mild swelling" is two findings.
      expect(text).toMatch(/Lungs are clear\. Musculoskeletal: Mild swelling of both ankles\./);
      expect(text).toMatch(/mild tenderness to light palpation in the upper abdomen/);
      expect(text).not.toMatch(/kidney|shoulder|would like/i);
    });
  }

  const THROAT_THEN_DIAGNOSIS_VISIT = inThreeShapes([
    [
      'doctor',
      'Your throat looks red. It is probably a viral infection. Rest, drink plenty of fluids and take paracetamol.',
    ],
  ]);

  for (const shape of SHAPES) {
    it(`ends the finding where the diagnosis and the advice begin, ${shape}`, () => {
      const text = (
        writeExamination(writerContext(THROAT_THEN_DIAGNOSIS_VISIT[shape]))?.bullets ?? []
      ).join(' ');
      expect(text).toMatch(/throat looks red\.$/);
      expect(text).not.toMatch(/infection|rest|paracetamol/i);
    });
  }

  const BREAST_LUMP_VISIT = inThreeShapes([
    ['patient', 'I found a lump in my right breast last week.'],
    [
      'doctor',
      'On exam there is a two centimetre firm mobile lump in the upper outer quadrant of the right breast. No lymph nodes in the armpit.',
    ],
  ]);

  for (const shape of SHAPES) {
    it(`writes a breast finding under Breast, not the abdomen's "quadrant" or the neck's "lymph", ${shape}`, () => {
      const bullets = writeExamination(writerContext(BREAST_LUMP_VISIT[shape]))?.bullets ?? [];
      expect(bullets[0]).toMatch(
        /^Breast: There is a two centimetre firm mobile lump in the upper/,
      );
      expect(bullets.join(' ')).not.toMatch(/Gastrointestinal|Neck/);
    });
  }
});
