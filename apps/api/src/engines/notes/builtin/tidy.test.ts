import { describe, expect, it } from 'vitest';
import { tidySection, tidySentence } from './tidy';

describe('tidy', () => {
  it('drops the talk at the head of a sentence and keeps the fact', () => {
    expect(tidySentence('I know that she was having some problems with her right knee.')).toBe(
      'She was having some problems with her right knee.',
    );
    expect(tidySentence('So, it sounds like he is endorsing nausea.')).toBe(
      'He is endorsing nausea.',
    );
    expect(tidySentence('I know the plan is hard.')).toBe('I know the plan is hard.');
  });

  it('tidies every sentence of a section, bullets too', () => {
    const tidied = tidySection({
      title: 'History',
      content: 'I know that she fell on the stairs. It sounds like he is better.',
      bullets: ['So, it looks like there is swelling of the left ankle.'],
    });
    expect(tidied.content).toBe('She fell on the stairs. He is better.');
    expect(tidied.bullets).toEqual(['There is swelling of the left ankle.']);
  });
});
