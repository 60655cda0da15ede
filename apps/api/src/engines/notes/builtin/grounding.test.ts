import { prepareSafetyTranscript, prepareTranscript } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { keepSupported } from './grounding';

/** One exchange in the shapes the app receives (issue 21). */
const SHAPES = {
  tagged:
    '[doctor] any chest pain?\n[patient] no, none.\n[doctor] on exam there is tenderness over your left knee. take ibuprofen 400 mg twice a day.',
  plain:
    'Any chest pain? No, none. On exam there is tenderness over your left knee. Take ibuprofen 400 mg twice a day.',
  asr: 'any chest pain no none on exam there is tenderness over your left knee take ibuprofen 400 mg twice a day',
};

const ground = (transcript: string) => ({
  evidence: prepareTranscript(transcript),
  safety: prepareSafetyTranscript(transcript),
});

describe('grounding', () => {
  for (const [shape, transcript] of Object.entries(SHAPES)) {
    it(`keeps what the transcript bears out and leaves out what it contradicts, ${shape}`, () => {
      const kept = keepSupported(
        {
          title: 'History',
          content:
            'Denies chest pain. Endorses chest pain. Takes ibuprofen 400 mg twice a day. Takes ibuprofen 800 mg twice a day. She has a history of gout.',
        },
        ground(transcript),
        true,
      );
      expect(kept.content).toBe('Denies chest pain. Takes ibuprofen 400 mg twice a day.');
    });

    it(`keeps a bullet's label and supported sentences, dropping only the wrong side, ${shape}`, () => {
      const kept = keepSupported(
        {
          title: 'Physical Examination',
          content: '',
          bullets: [
            'Musculoskeletal: There is tenderness over the left knee. There is tenderness over the right knee.',
          ],
        },
        ground(transcript),
        true,
      );
      expect(kept.bullets).toEqual(['Musculoskeletal: There is tenderness over the left knee.']);
    });
  }

  it('leaves a question put to the patient out of the note', () => {
    const kept = keepSupported(
      { title: 'History', content: 'Have you had any chest pain.' },
      ground(SHAPES.tagged),
      true,
    );
    expect(kept.content).toBe('');
  });
});
