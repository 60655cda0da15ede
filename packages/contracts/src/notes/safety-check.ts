import { z } from 'zod';
import {
  noteSentences,
  stem,
  transcriptSegments,
  wordTokens,
  type TranscriptSegment,
} from './clinical-text';
import {
  findingMentions,
  prepareAssertionText,
  type AssertionText,
  type FindingPolarity,
  type Mention,
} from './assertion';
import { evidenceSpanSchema, type EvidenceSpan } from './evidence';

/**
 * The safety check (issue 12): the facts in a note a wrong word would make dangerous — numbers and
 * doses with their units, frequencies, left and right, negations and allergies — each checked
 * against the transcript. A pure function over text, so the API runs it after every engine and the
 * browser runs it on the clinician's edited note before saving (docs/decisions/005).
 *
 * It is deliberately literal: a finding means "this fact of the note is not in the transcript as
 * written", for the clinician to look at, not a verdict.
 */

const SAFETY_KINDS = ['number', 'frequency', 'laterality', 'negation', 'allergy'] as const;

export const safetyFindingSchema = z.object({
  kind: z.enum(SAFETY_KINDS),
  /** The note's sentence holding the fact. */
  sentence: z.string().max(20_000),
  /** The fact as the note has it ("100 mg", "left knee", "denies chest pain"). */
  fact: z.string().max(500),
  /** What is wrong, in words a clinician reads. */
  message: z.string().max(1000),
  /** Where the transcript speaks of it (empty when it never does). */
  evidence: z.array(evidenceSpanSchema).max(20),
});
export type SafetyFinding = z.infer<typeof safetyFindingSchema>;

const UNITS: Record<string, string> = {
  mg: 'mg',
  milligram: 'mg',
  milligrams: 'mg',
  mcg: 'mcg',
  microgram: 'mcg',
  micrograms: 'mcg',
  g: 'g',
  gram: 'g',
  grams: 'g',
  ml: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  cc: 'ml',
  unit: 'units',
  units: 'units',
  iu: 'units',
  mmol: 'mmol',
  meq: 'meq',
  puff: 'puffs',
  puffs: 'puffs',
  tablet: 'tablets',
  tablets: 'tablets',
  pill: 'tablets',
  pills: 'tablets',
  capsule: 'tablets',
  capsules: 'tablets',
};
/** Units whose number is a dose: a different number there could hurt the patient. */
const DOSE_UNITS = new Set(['mg', 'mcg', 'g', 'ml', 'units', 'mmol', 'meq', 'puffs', 'tablets']);

/** Most specific first: each match is blanked out so "twice a day" is not also "a day". */
const FREQUENCIES: [RegExp, string][] = [
  [/\bevery (\d+) hours?\b|\bq(\d+)h\b/g, 'every N hours'],
  [
    /\b(?:twice (?:a|per) day|twice daily|(?:two|2) times (?:a|per) day|bid|b\.i\.d\.?)\b/g,
    'twice daily',
  ],
  [
    /\b(?:(?:three|3) times (?:a|per) day|three times daily|tid|t\.i\.d\.?)\b/g,
    'three times daily',
  ],
  [/\b(?:(?:four|4) times (?:a|per) day|four times daily|qid|q\.i\.d\.?)\b/g, 'four times daily'],
  [/\b(?:once (?:a|per) week|weekly|every week)\b/g, 'weekly'],
  [/\b(?:once (?:a|per) month|monthly|every month)\b/g, 'monthly'],
  [/\b(?:at night|at bedtime|nightly|every night|before bed|qhs)\b/g, 'at night'],
  [/\b(?:as needed|when needed|if needed|prn)\b/g, 'as needed'],
  [/\b(?:once (?:a|per) day|once daily|every day|daily|qd|a day)\b/g, 'daily'],
];

function frequenciesIn(text: string): string[] {
  const found = new Set<string>();
  let lower = wordTokens(text).join(' ');
  for (const [re, name] of FREQUENCIES) {
    lower = lower.replace(re, (_whole, a?: string, b?: string) => {
      const hours = a ?? b;
      found.add(hours && name === 'every N hours' ? `every ${hours} hours` : name);
      return ' ; ';
    });
  }
  return [...found];
}

interface Indexed extends TranscriptSegment {
  tokens: string[];
  stems: string[];
  lower: string;
  frequencies: string[];
}

function indexTranscript(transcript: string): Indexed[] {
  return transcriptSegments(transcript).map((segment) => {
    const tokens = wordTokens(segment.text.replace(/\bn't\b/g, 'not').replace(/ '(\w)/g, "'$1"));
    return {
      ...segment,
      tokens,
      stems: tokens.map(stem),
      lower: tokens.join(' '),
      frequencies: frequenciesIn(segment.text),
    };
  });
}

const span = (s: TranscriptSegment): EvidenceSpan => ({ start: s.start, end: s.end });

interface Quantity {
  value: string;
  unit: string | null;
  text: string;
}

/** Numbers of a text with the unit that follows them ("10 mg", "120/80", "5 days"). */
function quantitiesIn(tokens: string[], digitsOnly: Set<string> | null): Quantity[] {
  const out: Quantity[] = [];
  tokens.forEach((token, i) => {
    if (!/^\d/.test(token)) return;
    const next = tokens[i + 1] ?? '';
    const unit = UNITS[next] ?? null;
    // In a note, a number word without a unit ("no one", "the first one") is not a quantity.
    if (digitsOnly && !digitsOnly.has(token) && !unit) return;
    out.push({ value: token, unit, text: unit ? `${token} ${next}` : token });
  });
  return out;
}

/** Age written "58-year-old" and times "3:00" keep their digits; everything compares as tokens. */
function noteTokens(text: string): { tokens: string[]; digits: Set<string> } {
  const digits = new Set(text.match(/\d+(?:[.:/]\d+)*/g) ?? []);
  return { tokens: wordTokens(text.replace(/-/g, ' ')), digits };
}

const MONTH =
  /^(?:jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december)$/;

/** "3 March 2025": a date the note takes from the session, not a fact of the consultation. */
function isDatePart(tokens: string[], i: number): boolean {
  return [tokens[i - 1], tokens[i + 1], tokens[i - 2]].some(
    (t) => t !== undefined && MONTH.test(t),
  );
}

function checkNumbers(sentence: string, segments: Indexed[], findings: SafetyFinding[]): void {
  const { tokens, digits } = noteTokens(sentence);
  const dates = new Set(tokens.filter((_, i) => isDatePart(tokens, i)));
  for (const q of quantitiesIn(tokens, digits)) {
    if (!q.unit && dates.has(q.value)) continue;
    const withValue = segments.filter((s) => s.tokens.includes(q.value));
    const doseUnit = q.unit !== null && DOSE_UNITS.has(q.unit);
    if (withValue.length === 0) {
      findings.push({
        kind: 'number',
        sentence,
        fact: q.text,
        message: `"${q.text}" is not in the transcript.`,
        evidence: doseUnit ? unitEvidence(q.unit, segments) : [],
      });
      continue;
    }
    if (!doseUnit) continue;
    const sameUnit = withValue.some((s) =>
      quantitiesIn(s.tokens, null).some((t) => t.value === q.value && t.unit === q.unit),
    );
    // "ten" said alone after "milligrams" was said earlier is still the same dose.
    const unitSaid = withValue.some((s) => s.tokens.some((t) => UNITS[t] === q.unit));
    if (!sameUnit && !unitSaid) {
      findings.push({
        kind: 'number',
        sentence,
        fact: q.text,
        message: `The transcript has ${q.value} but not as "${q.text}".`,
        evidence: withValue.slice(0, 5).map(span),
      });
    }
  }
}

function unitEvidence(unit: string | null, segments: Indexed[]): EvidenceSpan[] {
  if (!unit) return [];
  return segments
    .filter((s) => s.tokens.some((t) => UNITS[t] === unit))
    .slice(0, 5)
    .map(span);
}

function checkFrequencies(sentence: string, segments: Indexed[], findings: SafetyFinding[]): void {
  const { tokens, digits } = noteTokens(sentence);
  // Only where a dose is given: "daily activities" is not a frequency.
  if (!quantitiesIn(tokens, digits).some((q) => q.unit && DOSE_UNITS.has(q.unit))) return;
  const said = new Set(segments.flatMap((s) => s.frequencies));
  for (const frequency of frequenciesIn(sentence)) {
    if (said.has(frequency)) continue;
    findings.push({
      kind: 'frequency',
      sentence,
      fact: frequency,
      message: `"${frequency}" is not how the transcript gives this frequency.`,
      evidence: segments
        .filter((s) => s.frequencies.length > 0)
        .slice(0, 5)
        .map(span),
    });
  }
}

const SIDE = /\b(left|right)(?:[- ]sided)?\s+((?:[a-z]+\s+){0,2}?)([a-z]{3,})\b/g;
const NOT_BODY = new Set([
  'side',
  'sided',
  'now',
  'away',
  'there',
  'here',
  'after',
  'before',
  'then',
  'thing',
  'time',
  'and',
  'with',
]);

/** Words a speaker corrects themselves with ("sorry", "I mean", "or rather"). */
const SELF_REPAIR = new Set(['sorry', 'mean', 'meant', 'rather', 'oops', 'wait']);

/** Whether the words after a side and its part take it back for the other side. */
function takenBack(after: readonly string[], other: string): boolean {
  const repair = after.findIndex((token) => SELF_REPAIR.has(token));
  return repair >= 0 && after.slice(repair + 1).includes(other);
}

function checkLaterality(sentence: string, segments: Indexed[], findings: SafetyFinding[]): void {
  const lower = sentence.toLowerCase();
  for (const match of lower.matchAll(SIDE)) {
    const side = match[1] ?? '';
    const part = match[3] ?? '';
    if (NOT_BODY.has(part)) continue;
    const partStem = stem(part);
    const other = side === 'left' ? 'right' : 'left';
    const same: Indexed[] = [];
    const opposite: Indexed[] = [];
    segments.forEach((segment, k) => {
      // Unpunctuated speech is cut into windows of words, and a side can end one window while
      // its body part starts the next ("… a sore right | ear since last night …").
      const previous = segments[k - 1];
      const carried = previous && previous.turn === segment.turn ? previous.tokens.slice(-4) : [];
      segment.stems.forEach((s, i) => {
        if (s !== partStem) return;
        const before = [...carried, ...segment.tokens.slice(0, i)].slice(-4);
        // "my left shoulder, sorry, I mean my right": the side taken back is the other one's.
        if (before.includes(side) && !takenBack(segment.tokens.slice(i + 1, i + 7), other)) {
          same.push(segment);
        } else if (before.includes(other) || before.includes(side)) opposite.push(segment);
      });
    });
    if (same.length === 0 && opposite.length > 0) {
      findings.push({
        kind: 'laterality',
        sentence,
        fact: `${side} ${match[2] ?? ''}${part}`.replace(/\s+/g, ' '),
        message: `The note says ${side}; the transcript says ${other} ${part}.`,
        evidence: opposite.slice(0, 5).map(span),
      });
    }
  }
}

/**
 * What a note sentence asserts about findings: "Denies chest pain, fever or chills." → three
 * negated claims; "Endorses cough and wheezing." → two affirmed; "The patient does not take
 * ibuprofen." → ibuprofen, negated. The claims the safety check holds against the assertion stage.
 */
export interface NoteClaim {
  finding: string;
  polarity: 'affirmed' | 'negated';
}

const NEGATED_CLAIM =
  /\b(?:denies|denied|negative for|no(?:\s+(?:history|evidence|signs?) of)?|without|(?:does|do|did|has|have) not (?:have|take|use|report|describe|experience|had|taken|been taking)|(?:is|are|was) not (?:taking|using|on)|not (?:taking|using)|(?:has|have) not (?:noticed|had|experienced|been having)|no longer (?:takes|taking|uses|using|has)|never (?:had|takes|took|used))\s+(?:any\s+)?([^.;:]+)/;
const AFFIRMED_CLAIM =
  /\b(?:endorses|endorsed|reports|reported|complains of|complained of|positive for|admits to|presents with|presenting with|is taking|are taking|takes|has been taking|currently taking|is experiencing|has been experiencing|experiences|has had|describes)\s+(?:some\s+|a\s+|an\s+|the\s+)?([^.;:]+)/;
/** Where a listed finding stops and its details begin ("ibuprofen for the pain", "cough since May"). */
const ITEM_END =
  /\s+(?:for|since|with|at|in|on|when|while|because|after|before|over|from|that|which|who|but|as|to|lasting|started|starting|it|she|he|they|we|i|this|there|is|was|\d).*$/;
const ITEM_FILLER =
  /\b(?:any|other|further|recent|significant|known|some|occasional|mild|ongoing)\b/g;

/**
 * The findings a claim lists: "fever, chills or night sweats". The list ends where an item goes on
 * into details ("lower edema their shoulders …"): what follows is no longer governed by the verb.
 */
function claimItems(list: string): string[] {
  const items: string[] = [];
  for (const raw of list.split(/,|\bor\b|\band\b|\bnor\b|\bno\b/)) {
    const whole = raw.replace(/\s+/g, ' ').trim();
    const item = whole.replace(ITEM_END, '').replace(ITEM_FILLER, '').replace(/\s+/g, ' ').trim();
    const valid =
      item.length > 2 &&
      item.split(' ').length <= 4 &&
      !/\b(?:changes?|issues?|problems?|complaints?|symptoms?|concerns?)$/.test(item) &&
      !/^(?:what|that|this|it|anything|something|one|ones|much|more)$/.test(item);
    if (valid) items.push(item);
    if (
      items.length >= 12 ||
      whole.split(' ').length > 4 ||
      (whole.length > 0 && !valid && items.length > 0)
    )
      break;
  }
  return items;
}

export function noteClaims(sentence: string): NoteClaim[] {
  const lower = sentence.toLowerCase().replace(/^[a-z /]+:\s*/, '');
  const claims: NoteClaim[] = [];
  // "Endorses cough. Denies fever.": each verb governs the list after it, up to the next verb.
  for (const clause of lower.split(
    /(?<=[.;])\s+|,\s+(?=(?:but|and)\s+(?:denies|endorses|reports|no)\b)/,
  )) {
    const negated = NEGATED_CLAIM.exec(clause);
    const affirmed = AFFIRMED_CLAIM.exec(clause);
    if (negated?.[1] && (!affirmed || negated.index <= affirmed.index)) {
      for (const finding of claimItems(negated[1])) claims.push({ finding, polarity: 'negated' });
    } else if (affirmed?.[1]) {
      for (const finding of claimItems(affirmed[1])) claims.push({ finding, polarity: 'affirmed' });
    }
  }
  return claims;
}

const mentionSpan = (m: Mention): EvidenceSpan => ({ start: m.start, end: m.end });

/**
 * Findings a note names otherwise than a patient says them ("shortness of breath": "I get short of
 * breath on the stairs"): the patient's words affirm or deny the note's term as much as its own.
 */
const SPOKEN_FORMS: Readonly<Record<string, readonly string[]>> = {
  'shortness of breath': ['short of breath', 'out of breath', 'breathless'],
  dyspnea: ['short of breath', 'shortness of breath', 'out of breath', 'breathless'],
  fatigue: ['tired', 'tiredness', 'exhausted'],
  nausea: ['nauseous', 'nauseated'],
  dizziness: ['dizzy', 'lightheaded', 'light headed'],
  vomiting: ['throwing up', 'threw up', 'vomit'],
};

/** How the transcript speaks of a finding, under the note's name for it or the patient's. */
function polarityAsSaid(assertions: AssertionText, finding: string): FindingPolarity {
  const forms = [finding, ...(SPOKEN_FORMS[finding] ?? [])];
  const mentions = forms
    .flatMap((form) => findingMentions(assertions, form))
    .filter((m, i, all) => all.findIndex((o) => o.start === m.start) === i)
    .sort((a, b) => a.start - b.start);
  return {
    mentions,
    affirmed: mentions.some((m) => m.assertion === 'affirmed'),
    negated: mentions.some((m) => m.assertion === 'negated'),
  };
}

/**
 * A claim of the note the transcript contradicts: "no X" where X is never denied, or "X" where X is
 * only ever denied or asked about. Findings the transcript never mentions are the evidence check's
 * concern, not this one's.
 */
function checkClaims(sentence: string, assertions: AssertionText, findings: SafetyFinding[]): void {
  for (const claim of noteClaims(sentence)) {
    const polarity = polarityAsSaid(assertions, claim.finding);
    if (polarity.mentions.length === 0) continue;
    if (claim.polarity === 'negated' && !polarity.negated) {
      findings.push({
        kind: 'negation',
        sentence,
        fact: `no ${claim.finding}`,
        message: `The note says there is no ${claim.finding}; the transcript mentions ${claim.finding} without saying no.`,
        evidence: polarity.mentions.slice(0, 5).map(mentionSpan),
      });
    }
    if (claim.polarity === 'affirmed' && !polarity.affirmed) {
      const denied = polarity.negated;
      findings.push({
        kind: 'negation',
        sentence,
        fact: claim.finding,
        message: denied
          ? `The note says ${claim.finding} is present; the transcript says no ${claim.finding}.`
          : `The note says ${claim.finding} is present; the transcript only asks about it.`,
        evidence: polarity.mentions.slice(0, 5).map(mentionSpan),
      });
    }
  }
}

function checkAllergies(
  sentence: string,
  segments: Indexed[],
  assertions: AssertionText,
  findings: SafetyFinding[],
): void {
  const lower = sentence.toLowerCase();
  if (!/\ballerg|\bnkda\b/.test(lower)) return;
  const allergySegments = segments
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => /\ballerg/.test(s.lower));
  const noneClaimed = /\b(?:no known|nkda|denies|no (?:drug )?allerg|none)\b/.test(lower);
  if (noneClaimed) {
    if (allergySegments.length === 0) {
      findings.push({
        kind: 'allergy',
        sentence,
        fact: 'no known allergies',
        message: 'The note says no allergies; the transcript does not discuss allergies.',
        evidence: [],
      });
      return;
    }
    const named = findingMentions(assertions, 'allergic to').filter(
      (m) => m.assertion === 'affirmed',
    );
    if (named.length > 0) {
      findings.push({
        kind: 'allergy',
        sentence,
        fact: 'no known allergies',
        message: 'The note says no allergies; the transcript names an allergy.',
        evidence: named.slice(0, 5).map(mentionSpan),
      });
    }
    return;
  }
  const allergen = /\ballerg(?:y|ies|ic)\s+(?:to\s+)?([a-z][a-z -]{2,40})/.exec(lower)?.[1];
  if (!allergen) return;
  const word = allergen
    .split(/\s+/)
    .find((w) => w.length > 3 && !/^(?:which|that|causes|causing|with|and)$/.test(w));
  if (!word) return;
  const near = allergySegments.some(({ s, i }) => {
    const window = [s, segments[i + 1], segments[i - 1]].filter(Boolean) as Indexed[];
    return window.some((w) => w.stems.includes(stem(word)));
  });
  if (!near) {
    findings.push({
      kind: 'allergy',
      sentence,
      fact: `allergy to ${word}`,
      message: `The transcript does not give an allergy to ${word}.`,
      evidence: allergySegments.slice(0, 5).map(({ s }) => span(s)),
    });
  }
}

/** A transcript read once for checking many sentences. */
export interface SafetyTranscript {
  readonly segments: readonly unknown[];
  readonly assertions: AssertionText;
}

export function prepareSafetyTranscript(transcript: string): SafetyTranscript {
  return { segments: indexTranscript(transcript), assertions: prepareAssertionText(transcript) };
}

/** The findings of one sentence of a note. */
export function checkSentenceSafety(
  sentence: string,
  transcript: SafetyTranscript,
): SafetyFinding[] {
  const segments = transcript.segments as Indexed[];
  const findings: SafetyFinding[] = [];
  checkNumbers(sentence, segments, findings);
  checkFrequencies(sentence, segments, findings);
  checkLaterality(sentence, segments, findings);
  checkClaims(sentence, transcript.assertions, findings);
  checkAllergies(sentence, segments, transcript.assertions, findings);
  return findings;
}

/** Every finding of a note (the editor's HTML or plain text) against its transcript. */
export function checkNoteSafety(note: string, transcript: string): SafetyFinding[] {
  const prepared = prepareSafetyTranscript(transcript);
  return noteSentences(note).flatMap(({ text }) => checkSentenceSafety(text, prepared));
}
