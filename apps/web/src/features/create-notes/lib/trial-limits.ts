import { FREE_TRIAL, type Usage } from '@clerkly/contracts';

/**
 * The free-trial rules of spec points 5 and 9 as the page applies them. The server enforces
 * the same limits; the page only spares the user a request that would be refused.
 */

/**
 * Spec point 5: once 4 templates are chosen on a trial, the unchosen ones are disabled. The
 * session's own templates (tabs that already have notes) count too (issue 10): a trial session
 * never passes 4 tabs, so "Record more", which regenerates every tab, is never refused.
 */
export function isTemplateChoiceDisabled(
  templateId: number,
  selected: readonly number[],
  isFreeTrial: boolean,
  templatesInSession = 0,
): boolean {
  return (
    isFreeTrial &&
    templatesInSession + selected.length >= FREE_TRIAL.templatesPerGeneration &&
    !selected.includes(templateId)
  );
}

/** Spec point 8: 15 sessions or more hide the create-session form on a trial. */
export const trialSessionsExhausted = (usage: Usage | undefined): boolean =>
  usage !== undefined && usage.isFreeTrial && usage.sessions >= FREE_TRIAL.sessions;

/** Spec point 5: Generate Notes is disabled when the notes would pass the trial's 45. */
export const exceedsTrialNotes = (usage: Usage | undefined, templateCount: number): boolean =>
  usage !== undefined && usage.isFreeTrial && usage.notes + templateCount > FREE_TRIAL.notes;
