/**
 * What `bench:notes` measures beyond ROUGE (issue 12), applied alike to the engine's notes and to
 * the clinicians' reference notes.
 *
 * "Ends mid-phrase": a sentence of the note whose last word (before its closing punctuation) is a
 * word English does not end a sentence on — an article, a preposition, a conjunction or
 * complementiser, a possessive determiner, a modal or "be" auxiliary ("… to make sure that
 * everything." does not count, "… get a lipid panel to." does). Particles that end phrasal verbs
 * ("follow up", "check in") are not in the list. Headings and "Not discussed." are not sentences.
 */
import { isPlaceholderSentence, noteSentences } from '@clerkly/contracts';

export const DANGLING_WORDS = new Set(
  `a an the of to for with at from by about onto than as per via and or but nor because if
  whether that which who whose whom while although unless whereas my your our their
  will would can could should may might must shall be been being am very`.split(/\s+/),
);

export function claimSentences(note: string): string[] {
  return noteSentences(note)
    .map((s) => s.text)
    .filter((text) => !isPlaceholderSentence(text));
}

export function endsMidPhrase(sentence: string): boolean {
  const words = sentence
    .toLowerCase()
    .replace(/[.?!:;,…\s]+$/, '')
    .match(/[a-z']+|\d+/g);
  const last = words?.[words.length - 1];
  return last !== undefined && DANGLING_WORDS.has(last);
}

export interface MidPhraseCount {
  sentences: number;
  midPhrase: number;
  examples: string[];
}

export function countMidPhrase(notes: readonly string[]): MidPhraseCount {
  const count: MidPhraseCount = { sentences: 0, midPhrase: 0, examples: [] };
  for (const note of notes) {
    for (const sentence of claimSentences(note)) {
      count.sentences += 1;
      if (endsMidPhrase(sentence)) {
        count.midPhrase += 1;
        if (count.examples.length < 5) count.examples.push(sentence);
      }
    }
  }
  return count;
}
