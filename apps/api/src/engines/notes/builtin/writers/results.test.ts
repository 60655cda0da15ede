import { describe, expect, it } from 'vitest';
import { KNEE_VISIT, SHAPES, writerContext } from './consultation.fixture';
import { writeResults } from './results';

describe('results writer', () => {
  for (const shape of SHAPES) {
    it(`writes what a reviewed test showed, ${shape}`, () => {
      expect(writeResults(writerContext(KNEE_VISIT[shape]))?.content).toMatch(
        /^Her X-ray shows no fracture\b/,
      );
    });
  }

  it('does not write a test that was only ordered as a result', () => {
    expect(
      writeResults(
        writerContext("[doctor] we will order an x-ray of your knee and i'll call you."),
      ),
    ).toBeNull();
  });
});
