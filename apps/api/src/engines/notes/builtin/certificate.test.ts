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

/** A certificate for work with its end day, said without "off work". */
const CERTIFICATE_UNTIL = {
  tagged:
    '[doctor] this looks like influenza. i will write you a certificate for work until friday.\n[patient] thank you.',
  plain:
    'This looks like influenza. I will write you a certificate for work until Friday. Thank you.',
  asr: 'this looks like influenza i will write you a certificate for work until friday thank you',
};

/** A certificate of fitness for duties is not time off. */
const FIT_FOR_DUTIES = {
  tagged:
    '[doctor] i will write you a certificate for work saying you are fit for light duties for two weeks.\n[patient] okay.',
  plain:
    'I will write you a certificate for work saying you are fit for light duties for two weeks. Okay.',
  asr: 'i will write you a certificate for work saying you are fit for light duties for two weeks okay',
};

/** The browser tests' consultation: the certificate asked for work, its days said with it. */
const CERTIFICATE_FOR_DAYS = {
  tagged:
    '[patient] i need a certificate for work because i cannot go in this week.\n[doctor] it is probably a viral infection. i will write you a medical certificate for three days.',
  plain:
    'I need a certificate for work because I cannot go in this week. It is probably a viral infection. I will write you a medical certificate for three days.',
  asr: 'i need a certificate for work because i cannot go in this week it is probably a viral infection i will write you a medical certificate for three days',
};

// A Monday.
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

    it(`reads a certificate for work "until friday" as said, with no count of days, ${shape}`, () => {
      const leave = findLeave(analyseConsultation(CERTIFICATE_UNTIL[shape]), start);
      // Whether Friday is a day off or the day back was not said: "until" Friday, no count.
      expect(leave).toMatchObject({ days: null });
      expect(leave?.to.getDate()).toBe(7);
    });

    it(`reads "a medical certificate for three days" as three days from the consultation, ${shape}`, () => {
      const leave = findLeave(analyseConsultation(CERTIFICATE_FOR_DAYS[shape]), start);
      expect(leave).toMatchObject({ days: 3 });
      expect(leave?.to.getDate()).toBe(5);
    });

    it(`reads no time off from a certificate of fitness for light duties, ${shape}`, () => {
      expect(findLeave(analyseConsultation(FIT_FOR_DUTIES[shape]), start)).toBeNull();
    });
  }
});
