/** Chief complaint: what brought the patient in, in a few words. */
import { applyCasing, capitalise } from '../style';
import { type SectionBody, type WriterContext } from './writer';

export function writeChiefComplaint(ctx: WriterContext): SectionBody | null {
  const cc = ctx.c.chiefComplaint;
  return cc ? { content: `${capitalise(applyCasing(cc, null))}.` } : null;
}
