/**
 * What a clinician says about the patient's next steps: when to come back (follow-up) and what
 * should bring them back sooner (safety-netting). Read by those sections' writers and by the plan,
 * which leaves such talk to them when the template has a section of its own for it.
 */
import { URGENT_CARE_PLACE_SOURCE } from '../lexicon';
import { type WriterContext } from './writer';

export const FOLLOW_UP_TALK =
  /\b(?:follow up|follow-up|come back|see you|return|appointment|schedule|check in|recheck)\b/;

export const SAFETY_NET_TALK = new RegExp(
  `\\b(?:call (?:me|us|the office|the clinic)|get worse|gets worse|worsen\\w*|go (?:straight )?to ${URGENT_CARE_PLACE_SOURCE}|emergency room|seek (?:medical )?(?:care|attention)|come back (?:if|sooner)|if (?:you|it|things|the pain) (?:get|gets|are|is|do|does|start|notice|develop|have))\\b`,
);

/** What a safety net tells the patient to do: come back, call, go to A and E. */
const GET_HELP = `(?:come (?:back|in sooner|and see (?:me|us))(?! (?:fine|normal|negative|positive|clear|abnormal)\\b)|return|(?:call|ring|phone|contact) (?:me|us|111|999|911|000|an ambulance|the (?:office|clinic|surgery|practice))|seek|go (?:straight )?to ${URGENT_CARE_PLACE_SOURCE}|bring (?:her|him|them) (?:back|in))`;

/**
 * A safety net ("If they need it more than 4 times a day, come back and see me."): when to come
 * back or call for help, a line clinicians document however plainly it was said, so word
 * usefulness does not prune it.
 */
export const SAFETY_NET_SENTENCE = new RegExp(
  // "If it gets worse, come back." and "Come back if it gets worse."
  `^if\\b.{3,160}?\\b${GET_HELP}\\b|^(?:please )?${GET_HELP}\\b.{0,40}?\\bif\\b.{3,160}`,
  'i',
);

/** Whether the template has a follow-up section (the plan then leaves the follow-up to it). */
export const hasFollowUpSection = (ctx: WriterContext) =>
  ctx.templateKinds?.has('follow-up') ?? false;

/** Whether what was said belongs in the template's own follow-up or safety-netting section. */
export function leftToNextStepsSection(ctx: WriterContext, said: string): boolean {
  return (
    (hasFollowUpSection(ctx) && FOLLOW_UP_TALK.test(said)) ||
    ((ctx.templateKinds?.has('safety-netting') ?? false) && SAFETY_NET_TALK.test(said))
  );
}
