/**
 * What a clinician says about the patient's next steps: when to come back (follow-up) and what
 * should bring them back sooner (safety-netting). Read by those sections' writers and by the plan,
 * which leaves such talk to them when the template has a section of its own for it.
 */
import { type WriterContext } from './writer';

export const FOLLOW_UP_TALK =
  /\b(?:follow up|follow-up|come back|see you|return|appointment|schedule|check in|recheck)\b/;

export const SAFETY_NET_TALK =
  /\b(?:call (?:me|us|the office|the clinic)|get worse|gets worse|worsen\w*|go to the (?:er|emergency)|emergency room|seek (?:medical )?(?:care|attention)|come back (?:if|sooner)|if (?:you|it|things|the pain) (?:get|gets|are|is|do|does|start|notice|develop|have))\b/;

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
