/**
 * Tidy (issue 12): each written sentence loses the talk left at its head ("I know that she ...")
 * and, when it stops mid-phrase, is cut back to its last complete clause.
 */
import { repairMidPhrase } from '@clerkly/contracts';
import type { NoteSection } from '../note-engine';
import { editSentencesOf, keptSentences } from '../render';

/**
 * What the clinician said to the patient, left at the head of a sentence ("I know that she ...",
 * "It sounds like she ...", "So, ..."): the fact stays, the talk goes (issue 12).
 */
const SPOKEN_LEAD =
  /^(?:(?:so|okay|ok|alright|all right|now|well|and|but|um|uh|hi|hello|hey)\s*,?\s+)*(?:(?:i know|i see|i understand|i heard|i remember|i noticed|it sounds like|it looks like|looks like|sounds like)(?: that)?,?\s+)(?=(?:she|he|they|the patient|her|his|their|it|this|there)\b)/i;

export function tidySentence(text: string): string {
  const stripped = text.replace(SPOKEN_LEAD, '');
  if (stripped === text) return text;
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** Tidied, and cut back to a complete clause when it stops mid-phrase (null: nothing left). */
function finishSentence(text: string): string | null {
  return repairMidPhrase(tidySentence(text));
}

export function tidySection(section: NoteSection): NoteSection {
  const content = editSentencesOf(section.content, finishSentence, false);
  const tidied: NoteSection = { ...section, content: content || section.content };
  if (section.bullets) {
    tidied.bullets = section.bullets
      .map((bullet) => keptSentences(bullet, finishSentence).join(' '))
      .filter((bullet) => bullet.length > 0);
  }
  return tidied;
}
