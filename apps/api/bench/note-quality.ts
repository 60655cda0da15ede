/**
 * What `bench:notes` measures beyond ROUGE (issue 12), applied alike to the engine's notes and to
 * the clinicians' reference notes.
 *
 * "Ends mid-phrase" is `endsMidPhrase` (packages/contracts, one definition for the engine and this
 * report). Headings and "Not discussed." are not sentences.
 */
import {
  endsMidPhrase,
  isPlaceholderSentence,
  findingPolarity,
  noteClaims,
  noteSentences,
  prepareAssertionText,
} from '@clerkly/contracts';
import { termPattern } from '../src/engines/notes/builtin/consultation';
import {
  CONDITIONS,
  EXAM_TERMS,
  MEDICATIONS,
  SYMPTOM_TERMS,
} from '../src/engines/notes/builtin/lexicon';

function claimSentences(note: string): string[] {
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

/**
 * The polarity audit (issue 21): the findings a note of the tagged dialogue denies ("Denies chest
 * pain", "No fever") that the note of the same consultation in another shape states as present —
 * any sentence naming the finding without denying it. Zero is the only acceptable figure.
 */
export interface PolarityFlip {
  finding: string;
  sentence: string;
}

export function polarityFlips(taggedNote: string, otherNote: string): PolarityFlip[] {
  // Each note read by the same assertion stage as a transcript: "Denies fever" and "no fever or
  // chills" deny, "Endorses fever" and "The fever started Monday" affirm. A finding flips when the
  // tagged note only denies it and the other note only affirms it; a note that affirms and denies
  // one finding in different places ("some tenderness here, none there") is not a flip.
  // A note is written prose: its sentences end in full stops however short it is.
  const asProse = (text: string) => ({ ...prepareAssertionText(text), punctuated: true });
  const tagged = asProse(claimSentences(taggedNote).join('\n'));
  const otherText = claimSentences(otherNote).join('\n');
  const other = asProse(otherText);
  const denied = deniedFindings(taggedNote);
  const flips: PolarityFlip[] = [];
  for (const finding of denied) {
    if (findingPolarity(tagged, finding).affirmed) continue;
    const there = findingPolarity(other, finding);
    if (!there.affirmed || there.negated) continue;
    const mention = there.mentions.find((m) => m.assertion === 'affirmed');
    const start = mention ? otherText.lastIndexOf('\n', mention.start) + 1 : 0;
    const end = mention ? otherText.indexOf('\n', mention.start) : -1;
    flips.push({ finding, sentence: otherText.slice(start, end < 0 ? undefined : end) });
  }
  return flips;
}

/**
 * The clinical findings a note denies: symptoms, conditions, medicines and examination findings
 * the engine's lexicon knows ("no running for 2 weeks" is advice, "2021" a date, not findings).
 */
function deniedFindings(note: string): Set<string> {
  return new Set(
    claimSentences(note).flatMap((sentence) =>
      noteClaims(sentence)
        .filter((c) => c.polarity === 'negated' && isClinicalFinding(c.finding))
        .map((c) => c.finding),
    ),
  );
}

const FINDING_PATTERNS = [
  termPattern(SYMPTOM_TERMS.map((s) => s.term)),
  termPattern(CONDITIONS),
  termPattern(MEDICATIONS),
  termPattern(EXAM_TERMS),
];

function isClinicalFinding(text: string): boolean {
  return FINDING_PATTERNS.some((re) => {
    re.lastIndex = 0;
    return re.test(text);
  });
}

/** How many findings the tagged note denies (the audit's denominator). */
export function deniedFindingCount(note: string): number {
  return deniedFindings(note).size;
}
