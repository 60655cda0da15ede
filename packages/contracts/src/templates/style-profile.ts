import { z } from 'zod';

/**
 * Drafts that learn from the clinician's edits (issue 27, item 3; docs/decisions/023). When a
 * session is saved, each note's draft is compared with what the clinician saved, and what they
 * keep doing is learned per clinician and template as counts (never note text). The same shape is
 * shown on the note view ("Your style for this template: …") and reset from there.
 */
export const STYLE_LEARNING = {
  /** A preference is applied once it was seen in this many saved notes (edits recur). */
  minNotes: 2,
  /** The llm engine's style examples: the clinician's most recent saved notes of the template. */
  exampleNotes: 3,
  /** Characters of one style example given to the llm engine. */
  exampleChars: 4_000,
} as const;

/** What the clinician reads about their learned style; each entry one preference. */
export const STYLE_MESSAGES = {
  title: 'Your style for this template',
  nothingYet:
    'Nothing learned yet: Clerkly learns from the edits you make to its drafts when you save.',
  noHabitYet:
    'Your style for this template: no repeated edit yet, drafts are written the default way',
  learnedFrom: (notes: number) => `learned from ${notes} ${notes === 1 ? 'note' : 'notes'}`,
  reset: 'Reset',
  resetDone: 'Your style for this template was reset; drafts are written the default way again.',
  bullets: (section: string) => `bullet points in ${section}`,
  prose: (section: string) => `paragraphs in ${section}`,
  shorter: (section: string) => `shorter ${section}`,
  longer: (section: string) => `more detail in ${section}`,
  leavesOut: (section: string) => `leaves out sentences you delete in ${section}`,
  replaces: (from: string, to: string) => `"${to}" for "${from}"`,
  order: 'your section order',
  heading: (section: string, heading: string) => `"${heading}" as the heading of ${section}`,
  adds: (section: string) => `adds ${section} when the consultation covers it`,
  itemLabels: (section: string, labels: readonly string[]) =>
    `${section} items under your labels (${labels.join(', ')})`,
} as const;

/** `GET /api/templates/{id}/style`: the clinician's learned style for one template. */
export const styleProfileSchema = z.object({
  templateId: z.number().int(),
  /** Saved notes the profile learned from. */
  notesLearned: z.number().int().nonnegative(),
  /** Preferences applied to the next drafts, in the clinician's words ("bullet points in Plan"). */
  preferences: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type StyleProfile = z.infer<typeof styleProfileSchema>;

/** One line for the note view: "Your style for this template: a, b — learned from 7 notes". */
export function describeStyleProfile(profile: StyleProfile): string {
  if (profile.notesLearned === 0) return STYLE_MESSAGES.nothingYet;
  const learnedFrom = STYLE_MESSAGES.learnedFrom(profile.notesLearned);
  // Edits seen, none repeated yet: a habit needs STYLE_LEARNING.minNotes notes.
  if (profile.preferences.length === 0) return `${STYLE_MESSAGES.noHabitYet} — ${learnedFrom}`;
  return `${STYLE_MESSAGES.title}: ${profile.preferences.join(', ')} — ${learnedFrom}`;
}
