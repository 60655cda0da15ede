/** Medications: each medicine named, with the dose and frequency said. */
import { applyCasing, capitalise, uniqueBy } from '../style';
import { type SectionBody, type WriterContext } from './writer';

export function writeMedications(ctx: WriterContext): SectionBody | null {
  const meds = uniqueBy(ctx.c.medications, (m) => m.name);
  if (meds.length === 0) return null;
  const bullets = meds.map((m) => {
    const dose = m.dose ?? ctx.c.medications.find((x) => x.name === m.name && x.dose)?.dose ?? null;
    const freq =
      m.frequency ??
      ctx.c.medications.find((x) => x.name === m.name && x.frequency)?.frequency ??
      null;
    return capitalise(applyCasing([m.name, dose, freq].filter(Boolean).join(' '), null));
  });
  return { content: '', bullets };
}
