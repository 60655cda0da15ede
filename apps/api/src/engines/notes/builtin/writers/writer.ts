/**
 * What every section writer shares (issue 21): the document it writes from (the analysed
 * consultation), how much detail is asked for, what other sections already said, and how speech
 * becomes a note's third-person sentence.
 */
import { type Consultation } from '../consultation';
import { FAMILY_TERMS, SOCIAL_TERMS } from '../lexicon';
import { stripLeadingMarkers } from '../normalise';
import { clinicianToThirdPerson, patientToThirdPerson } from '../perspective';
import { capitalise, toSentence } from '../style';

export type Detail = 'brief' | 'standard' | 'detailed';

export interface SectionBody {
  content: string;
  bullets?: string[];
}

export interface WriterContext {
  c: Consultation;
  detail: Detail;
  /** Utterances already written into another section of this note (avoid saying it twice). */
  used: Set<number>;
  /**
   * The section kinds the note's template has (`topics.ts`), so a writer leaves to a section of
   * their own what it would otherwise include (an examination leaves the vital signs to "Vitals").
   */
  templateKinds?: ReadonlySet<string>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const termRe = (terms: readonly string[]) =>
  new RegExp(`\\b(?:${terms.map(escapeRe).join('|')})\\b`);
export const SOCIAL_RE = termRe(SOCIAL_TERMS);
export const FAMILY_RE = termRe(FAMILY_TERMS);

/** Clinician talk about the visit itself, not about the patient. */
export const META =
  /\b(?:dax|dragon|the nurse (?:told|said|mentioned)|tell (?:dax|the computer)|i would like to tell|record(?:ing)? (?:this|our)|let me (?:just )?(?:pull up|bring up)|finalize the note|my template|exam template|nice to (?:meet|see)|good to see|how are you (?:doing )?today|thank you for coming|i am going to ask you|i am just going to|let me ask you|if that is okay|have a seat|show me|(?:my|the) assessment and (?:my )?plan|go over (?:my|the|your) (?:assessment|plan|results)|talk about (?:my|the) (?:assessment|plan)|review of systems sheet|when you checked in|any (?:other )?questions|nurse will come|get (?:you )?checked out|i will be in touch|i will let you know what i find|let you know what i find)\b/;

function name(ctx: WriterContext): string | null {
  return ctx.c.name;
}

export function sentence(ctx: WriterContext, text: string): string {
  return toSentence(text, name(ctx));
}

export function subjectCap(ctx: WriterContext): string {
  return capitalise(ctx.c.pronouns.subject);
}

/** Patient speech → third person sentence (empty if nothing left). */
export function fromPatient(ctx: WriterContext, text: string): string {
  return sentence(ctx, patientToThirdPerson(stripLeadingMarkers(text), ctx.c.pronouns));
}

export function fromClinician(ctx: WriterContext, text: string): string {
  return sentence(ctx, clinicianToThirdPerson(stripLeadingMarkers(text), ctx.c.pronouns));
}
