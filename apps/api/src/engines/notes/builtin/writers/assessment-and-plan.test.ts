import { describe, expect, it } from 'vitest';
import { writeAssessmentAndPlan, writePlan } from './assessment-and-plan';
import { KNEE_VISIT, SHAPES, writerContext } from './consultation.fixture';

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
});
