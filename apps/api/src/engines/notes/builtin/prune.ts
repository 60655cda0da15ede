/**
 * Which written sentences a clinician would keep (issue 12). Rules turn speech into prose, but
 * some of what they write is talk rather than findings: chat about the visit, half-answers,
 * stretches the clinician thinks aloud through. Such sentences share one sign: their words are
 * words clinicians do not write in notes. `WORD_USEFULNESS` (learned on ACI-BENCH train only by
 * `apps/api/bench/learn-word-usefulness.ts`) holds, for each word the engine writes in at least
 * 5 training consultations, how often a clinician's reference note for that consultation has the
 * word too; a sentence whose words score low on average is left out. No sentence is added or
 * changed, so this can cost a fact but never write a wrong one.
 */
import { WORD_USEFULNESS } from './word-usefulness';

/**
 * Below this mean usefulness a sentence is left out. Chosen by two-fold cross-validation on
 * ACI-BENCH train (weights learned on one half's notes in all three transcript shapes, sentences
 * pruned on the other half): ROUGE-1 was highest at 0.58 in every shape (tagged 52.00, plain
 * 52.86, asr 52.15, against 50.84 / 51.66 / 51.04 unpruned) and fell off from 0.62 (issue 21).
 */
export const PRUNE_BELOW = 0.58;

/** Short sentences (problem titles, "Denies fever.", vitals) are always kept. */
export const PRUNE_MIN_WORDS = 4;

/** Words as ACI-BENCH's ROUGE scorer counts them: lower case, runs of [a-z0-9]. */
export function scoredWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Mean usefulness of the sentence's distinct words (unknown words count as the average word). */
export function usefulness(text: string): number {
  const words = new Set(scoredWords(text));
  if (words.size === 0) return 1;
  let sum = 0;
  for (const w of words) sum += WORD_USEFULNESS.words[w] ?? WORD_USEFULNESS.prior;
  return sum / words.size;
}

/** Keep a sentence unless it is long enough to judge and reads as talk rather than note. */
export function worthKeeping(text: string): boolean {
  return scoredWords(text).length < PRUNE_MIN_WORDS || usefulness(text) >= PRUNE_BELOW;
}

/**
 * A question put to the patient, or an answer with its question lost ("Have you had any other
 * symptoms, chest pain, nausea or no.", "Not at this time no."): copied speech that a reader would
 * take for a finding (issue 21). Without punctuation or speakers, the writers cannot always tell a
 * clinician's question from the patient's history; such a sentence is never a note's.
 */
export function readsAsQuestionOrAnswer(text: string): boolean {
  const lower = text.toLowerCase().trim();
  if (/\?$/.test(lower)) return true;
  if (
    /^(?:and |so |okay |now )?(?:have|has|do|does|did|are|were|can|could|would|will|is there|was there|any)\b/.test(
      lower,
    ) &&
    /\byou\b/.test(lower)
  ) {
    return true;
  }
  // An answer word closing the sentence: the reply to a question the note does not hold.
  return /(?:^|[\s,])(?:no|yes|yeah|nope)\.$/.test(lower);
}
