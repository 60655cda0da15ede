import { describe, expect, it } from 'vitest';
import { parseInstruction, shorten, toBullets } from './instructions';

describe('regeneration instructions', () => {
  it('reads each clause of an instruction', () => {
    expect(
      parseInstruction('make it shorter, use bullet points and leave out the ROS'),
    ).toMatchObject({
      detail: 'brief',
      format: 'bullets',
      removeSections: ['ros'],
      unsupported: [],
    });
  });

  it('returns what it cannot do, rather than pretending', () => {
    expect(parseInstruction('translate it into French').unsupported).toEqual([
      'translate it into french',
    ]);
  });

  it('shortens a section and turns its sentences into bullets', () => {
    const section = {
      title: 'History',
      content: 'One thing. Two things. Three things. Four things. Five things.',
    };
    expect(shorten(section).content.split('. ').length).toBeLessThanOrEqual(3);
    expect(toBullets(section).bullets).toEqual([
      'One thing.',
      'Two things.',
      'Three things.',
      'Four things.',
      'Five things.',
    ]);
  });
});
