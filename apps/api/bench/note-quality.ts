/**
 * What `bench:notes` measures beyond ROUGE (issue 12), applied alike to the engine's notes and to
 * the clinicians' reference notes.
 *
 * "Ends mid-phrase" is `endsMidPhrase` (packages/contracts, one definition for the engine and this
 * report). Headings and "Not discussed." are not sentences.
 */
import { endsMidPhrase, isPlaceholderSentence, noteSentences } from '@clerkly/contracts';

export function claimSentences(note: string): string[] {
  return noteSentences(note)
    .map((s) => s.text)
    .filter((text) => !isPlaceholderSentence(text));
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
