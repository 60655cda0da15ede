import { z } from 'zod';
import { contentStems, sentenceWordStems, type EvidenceSpan, type SynonymMap } from './evidence';

/**
 * How sure the recogniser was of each word (issue 24, docs/decisions/017). Every speech engine
 * gives a 0–1 confidence per word (or per segment, spread over its words); it is stored sealed
 * with the transcript and read by the transcript panels, the note engines and the evidence links.
 */

const wordConfidenceSchema = z.object({
  word: z.string().max(200),
  confidence: z.number().min(0).max(1),
});
export type WordConfidence = z.infer<typeof wordConfidenceSchema>;

export const transcriptConfidenceSchema = z.array(wordConfidenceSchema).max(200_000);

/**
 * A word below this confidence is shown as uncertain. Chosen on `npm run bench:confidence`
 * (the offline recogniser's lattice posteriors): below it most words were misrecognised.
 */
export const UNCERTAIN_BELOW = 0.6;

/**
 * The whole recording is called hard to recognise when its median word is below this confidence
 * (half of its words or more below it). Measured in the browser tests (Chromium's fake microphone,
 * the app's segments, three runs each): a person reading aloud, about a fifth of the words wrong,
 * had a median of 0.78–0.85 (32–41 % of its words below 0.6); the synthetic consultation, most
 * words wrong, 0.45–0.63 over 20 s and 0.51–0.56 over 75 s (README, "When the notice shows"). The share below 0.6, the rule before,
 * left the reading 0.04 from the line and called it hard to recognise in one run of four.
 */
const POOR_RECORDING_MEDIAN_BELOW = 0.7;

/** A note sentence rests on uncertain words when more than this share of its evidence is. */
const UNCERTAIN_EVIDENCE_SHARE = 0.5;

export const isUncertain = (confidence: number | null | undefined): boolean =>
  confidence !== null && confidence !== undefined && confidence < UNCERTAIN_BELOW;

/** One whitespace-separated token of a transcript, with the confidence of its word if known. */
export interface ConfidenceToken {
  start: number;
  end: number;
  text: string;
  /** Null where no recognised word matches it: a speaker label, or a word the clinician typed. */
  confidence: number | null;
  /** Index of the recognised word it matched, or null. */
  word: number | null;
}

const comparable = (word: string): string => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** How far ahead a transcript token looks for its recognised word (labels, edits in between). */
const LOOKAHEAD = 8;

/**
 * The transcript's tokens with their words' confidences. The recognised words are matched to the
 * transcript's tokens in order, so speaker labels, punctuation and a clinician's edits between
 * them do not shift the rest; a token nothing matches has no confidence (it was not heard).
 */
export function confidenceTokens(
  transcript: string,
  words: readonly WordConfidence[] | undefined,
): ConfidenceToken[] {
  const tokens: ConfidenceToken[] = [];
  const pattern = /\S+/g;
  let next = 0;
  for (let match = pattern.exec(transcript); match; match = pattern.exec(transcript)) {
    const key = comparable(match[0]);
    let confidence: number | null = null;
    let word: number | null = null;
    if (words && key !== '') {
      for (let k = next; k < Math.min(words.length, next + LOOKAHEAD); k += 1) {
        if (comparable(words[k]?.word ?? '') === key) {
          confidence = words[k]?.confidence ?? null;
          word = k;
          next = k + 1;
          break;
        }
      }
    }
    tokens.push({
      start: match.index,
      end: match.index + match[0].length,
      text: match[0],
      confidence,
      word,
    });
  }
  return tokens;
}

export interface SpanConfidence {
  /** Recognised words in the spans (those with a confidence). */
  words: number;
  uncertain: number;
  /** Mean confidence of those words, or null when none carries one. */
  mean: number | null;
}

/** The confidence of what a note sentence's evidence points to. */
export function spanConfidence(
  tokens: readonly ConfidenceToken[],
  spans: readonly EvidenceSpan[],
): SpanConfidence {
  let words = 0;
  let uncertain = 0;
  let sum = 0;
  for (const token of tokens) {
    if (token.confidence === null) continue;
    if (!spans.some((span) => token.start < span.end && token.end > span.start)) continue;
    words += 1;
    sum += token.confidence;
    if (isUncertain(token.confidence)) uncertain += 1;
  }
  return { words, uncertain, mean: words === 0 ? null : sum / words };
}

/** True when most of what a sentence rests on was uncertain. */
export const restsOnUncertainWords = (confidence: SpanConfidence): boolean =>
  confidence.words > 0 && confidence.uncertain / confidence.words > UNCERTAIN_EVIDENCE_SHARE;

/** Words that decide whether a sentence affirms or denies: a misheard "no" turns it over. */
const POLARITY_WORD = /^(?:no|not|nope|never|none|nothing|yes|yeah|yep|[a-z]+n't)$/;

export interface SentenceConfidence extends SpanConfidence {
  /** The least sure of the words the sentence rests on, or null when it rests on none of them. */
  lowest: number | null;
  /** True when measured on the sentence's own words; false when on its whole evidence. */
  own: boolean;
}

/** How near a yes or no must be to a word of the sentence to decide it ("any pain | no"). */
const POLARITY_REACH = 3;

/**
 * The recognised words a note sentence rests on: within its evidence, the words it reproduces (its
 * content words, or the everyday words its clinical terms stand for) and a yes or no said next to
 * one of them, which decides it. The rest of the evidence is talk around the fact.
 */
export function sentenceTokens(
  tokens: readonly ConfidenceToken[],
  sentence: { text: string; spans: readonly EvidenceSpan[] },
  synonyms?: SynonymMap,
): ConfidenceToken[] {
  const stems = sentenceWordStems(sentence.text, synonyms);
  const inEvidence = (token: ConfidenceToken) =>
    token.confidence !== null &&
    sentence.spans.some((span) => token.start < span.end && token.end > span.start);
  const own = tokens.map(
    (token) => inEvidence(token) && contentStems(comparable(token.text)).some((s) => stems.has(s)),
  );
  return tokens.filter((token, i) => {
    if (own[i]) return true;
    if (!inEvidence(token) || !POLARITY_WORD.test(comparable(token.text))) return false;
    return own
      .slice(Math.max(0, i - POLARITY_REACH), i + POLARITY_REACH + 1)
      .some((isOwn) => isOwn);
  });
}

/**
 * How sure the recogniser was of what a note sentence rests on (`sentenceTokens`), so a sentence
 * copied from a mostly well-heard stretch that carries one misheard word ("your sugar control"
 * heard as "your shoulder control") is as unsure as that word. A sentence whose words are not
 * found one by one (numbers said in words, a typed transcript) falls back to its whole evidence.
 */
export function sentenceConfidence(
  tokens: readonly ConfidenceToken[],
  sentence: { text: string; spans: readonly EvidenceSpan[] },
  synonyms?: SynonymMap,
): SentenceConfidence {
  const own = sentenceTokens(tokens, sentence, synonyms);
  if (own.length === 0) {
    return { ...spanConfidence(tokens, sentence.spans), lowest: null, own: false };
  }
  const confidences = own.map((token) => token.confidence ?? 0);
  return {
    words: own.length,
    uncertain: confidences.filter(isUncertain).length,
    mean: confidences.reduce((sum, c) => sum + c, 0) / own.length,
    lowest: Math.min(...confidences),
    own: true,
  };
}

/**
 * Whether a sentence is marked for review: one uncertain word of its own is enough (a copied
 * sentence is only as sure as its least sure word); measured on its whole evidence, most of it.
 */
export const marksForReview = (confidence: SentenceConfidence): boolean =>
  confidence.own ? confidence.uncertain > 0 : restsOnUncertainWords(confidence);

/** The confidence a marked sentence shows: its least sure word, or its evidence's mean. */
export const shownConfidence = (confidence: SentenceConfidence): number | null =>
  confidence.own ? confidence.lowest : confidence.mean;

/**
 * Whether the quality notice goes above the notes: half of the recording's words or more are
 * below its line (never when the engine gave no confidences).
 */
export function poorlyRecognised(words: readonly WordConfidence[] | undefined): boolean {
  if (!words || words.length === 0) return false;
  const low = words.filter((word) => word.confidence < POOR_RECORDING_MEDIAN_BELOW).length;
  return low * 2 >= words.length;
}
