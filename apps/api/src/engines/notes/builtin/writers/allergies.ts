/** Allergies: what the patient is allergic to, or "No known drug allergies" only when said. */
import { applyCasing, listJoin, uniqueBy } from '../style';
import { type SectionBody, type WriterContext } from './writer';

export function writeAllergies(ctx: WriterContext): SectionBody | null {
  const allergies = uniqueBy(ctx.c.allergies, (a) => a);
  if (allergies.length > 0) {
    return { content: `Allergic to ${applyCasing(listJoin(allergies), null)}.` };
  }
  if (ctx.c.noKnownAllergies) return { content: 'No known drug allergies.' };
  return null;
}
