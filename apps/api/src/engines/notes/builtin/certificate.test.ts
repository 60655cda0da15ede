import { describe, expect, it } from 'vitest';
import { analyseConsultation } from './consultation';
import { findLeave } from './certificate';

/** The leave as said, in the shapes the app receives (issue 21). */
const STATED = {
  tagged:
    '[doctor] you have gastroenteritis.\n[doctor] you should stay off work for three days and drink plenty of fluids.\n[patient] thank you.',
  plain:
    'You have gastroenteritis. You should stay off work for three days and drink plenty of fluids. Thank you.',
  asr: 'you have gastroenteritis you should stay off work for three days and drink plenty of fluids thank you',
};

const ADVICE_ONLY = {
  tagged: '[doctor] rest and crutches for one week, and ice it twice a day.\n[patient] okay.',
  plain: 'Rest and crutches for one week, and ice it twice a day. Okay.',
  asr: 'rest and crutches for one week and ice it twice a day okay',
};

const start = new Date(2025, 2, 3);

describe('certificate: the period of leave', () => {
  for (const shape of ['tagged', 'plain', 'asr'] as const) {
    it(`reads a stated period off work as inclusive days from the consultation, ${shape}`, () => {
      const leave = findLeave(analyseConsultation(STATED[shape]), start);
      expect(leave).toMatchObject({ days: 3 });
      expect(leave?.to.getDate()).toBe(5);
    });

    it(`reads no period from advice to rest, ${shape}`, () => {
      expect(findLeave(analyseConsultation(ADVICE_ONLY[shape]), start)).toBeNull();
    });
  }
});
