import { z } from 'zod';
import {
  noteSentences,
  stem,
  transcriptSegments,
  wordTokens,
  type NoteSentence,
  type TranscriptSegment,
} from './clinical-text';

/**
 * Evidence (issue 12): each sentence of a note with the transcript span(s) it comes from, as
 * character offsets into the transcript text the engine was given. Found by alignment, so it works
 * the same for every engine: the transcript sentences that together cover the sentence's content
 * words (weighted by how rare each word is in this consultation). A sentence whose content words
 * are not covered well enough is `supported: false` — marked for the clinician's review.
 */

export const evidenceSpanSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type EvidenceSpan = z.infer<typeof evidenceSpanSchema>;

const sentenceEvidenceSchema = z.object({
  section: z.string().max(500),
  text: z.string().max(20_000),
  spans: z.array(evidenceSpanSchema).max(20),
  /** Share (0–1) of the sentence's content the spans account for. */
  support: z.number().min(0).max(1),
  supported: z.boolean(),
  /**
   * Issue 24: how sure the recogniser was of what the sentence rests on (0–1, its least sure word;
   * `sentenceConfidence`), where the recogniser gave confidences, and whether that calls for
   * review (`marksForReview`: then the sentence is marked like an unsupported one).
   */
  confidence: z.number().min(0).max(1).optional(),
  uncertain: z.boolean().optional(),
});
export type SentenceEvidence = z.infer<typeof sentenceEvidenceSchema>;

export const noteEvidenceSchema = z.array(sentenceEvidenceSchema).max(5000);
export type NoteEvidence = z.infer<typeof noteEvidenceSchema>;

/** Below this share of its content a sentence is unsupported. */
const SUPPORT_THRESHOLD = 0.5;

/** Sentences that make no claim about the patient, so they need no evidence. */
const PLACEHOLDER_SENTENCES = new Set(['not discussed.', '[not stated]', 'none.', 'n/a']);

export function isPlaceholderSentence(text: string): boolean {
  return PLACEHOLDER_SENTENCES.has(text.trim().toLowerCase());
}

/**
 * Words that carry no fact: function words, the framing every note uses ("the patient reports",
 * "presents", "history of") and speech fillers. What is left is what must be found in the
 * transcript.
 */
const FRAME_WORDS = new Set(
  `a an the and or but nor of to in on at for from by with about as into onto over under than then
  that this these those there here it its is are was were be been being am has have had having do
  does did done will would shall should can could may might must not no yes so if when while also
  very just some any all each both other another such own same more most much many few
  he she his her him hers they them their theirs we us our you your i me my mine who whom which what
  patient patients pt reports report reported states stated notes noted says said presents present
  presented today currently current recently recent now still again well due per
  mr mrs ms miss dr doctor male female man woman year years old yearold
  history hx plan assessment impression discussed discuss discussion advised advise recommend
  recommended continue continued will follow up regarding also additionally further
  endorses endorse denies deny admits complains complaint complain negative positive
  constitutional cardiovascular respiratory gastrointestinal genitourinary musculoskeletal
  neurological neurologic psychiatric integumentary skin hematologic endocrine heent ent eyes
  psych neuro msk gi gu cv resp ros exam examination
  past medical significant evaluation sign signs reviewed review within limits`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words of the labels clinicians put before a plan's items ("Medical Reasoning:", "Additional
 * Testing:", "Patient Education and Counseling:", "Patient Agreements:"): layout, not a fact.
 */
const ITEM_LABEL_WORDS = new Set(
  `medical reasoning treatment treatments additional testing tests test education counseling
  counselling agreement agreements referral referrals specialist instructions management
  therapeutic diagnostic diagnostics rationale follow-up followup and of`.split(/\s+/),
);

/**
 * A sentence without its leading item label when the label is only layout ("Medical Treatment:
 * Continue Imitrex." is evidenced by "Continue Imitrex."); a label that states something
 * ("Blood Pressure: Elevated.") stays part of what must be found.
 */
function withoutItemLabel(text: string): string {
  const m = /^\s*(?:•\s*)?([A-Za-z][A-Za-z /&-]{2,40}):\s+(\S[\s\S]*)$/.exec(text);
  if (!m?.[1] || !m[2]) return text;
  const words = m[1]
    .toLowerCase()
    .split(/[\s/&]+/)
    .filter(Boolean);
  return words.every((w) => ITEM_LABEL_WORDS.has(w) || FRAME_WORDS.has(w)) ? m[2] : text;
}

/** Clinical words a note uses for what the patient said in everyday words. */
const SYNONYMS: Record<string, string[]> = {
  hypertension: ['blood', 'pressure'],
  htn: ['blood', 'pressure'],
  hyperlipidemia: ['cholesterol'],
  dyspnea: ['breath'],
  sob: ['breath'],
  diabetes: ['sugar', 'diabetic'],
  cardiac: ['heart'],
  pyrexia: ['fever'],
  febrile: ['fever'],
  emesis: ['vomit'],
  nausea: ['nauseous', 'nauseated'],
  bilateral: ['both'],
  nkda: ['allergy', 'allergic'],
  bid: ['twice'],
  daily: ['day'],
  agree: ['sound', 'agree', 'work', 'fine'],
  vital: ['vitals', 'pressure', 'temperature', 'pulse', 'oxygen', 'heart'],
  normal: ['good', 'fine', 'great', 'okay'],
  mmhg: ['pressure'],
  spo2: ['oxygen', 'saturation', 'sat', 'ox'],
  bpm: ['heart', 'pulse', 'rate'],
  tenderness: ['tender', 'hurt', 'pain', 'sore'],
  palpation: ['press', 'push', 'touch', 'feel'],
};

/** The same table keyed and valued by stems, as the aligner compares them. */
const STEMMED_SYNONYMS = new Map(
  Object.entries(SYNONYMS).map(([word, says]) => [stem(word), says.map(stem)]),
);

/** Extra vocabulary an engine knows: a word of the note → transcript words that say it. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

interface TokenisedSegment extends TranscriptSegment {
  stems: Set<string>;
}

export function contentStems(text: string): string[] {
  return wordTokens(text.replace(/-/g, ' '))
    .filter((w) => !FRAME_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem)
    .filter((w) => !FRAME_WORDS.has(w));
}

export interface PreparedTranscript {
  segments: TokenisedSegment[];
  /** How many segments each stem occurs in (for rarity weights). */
  frequency: Map<string, number>;
}

export function prepareTranscript(transcript: string): PreparedTranscript {
  const segments = transcriptSegments(transcript).map((segment) => ({
    ...segment,
    stems: new Set(contentStems(segment.text)),
  }));
  const frequency = new Map<string, number>();
  for (const segment of segments) {
    for (const s of segment.stems) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  }
  return { segments, frequency };
}

function alternativesOf(synonyms?: SynonymMap) {
  return (word: string): string[] => [
    word,
    ...(STEMMED_SYNONYMS.get(word) ?? []),
    ...(synonyms?.get(word) ?? []),
  ];
}

/**
 * The transcript word stems a sentence can rest on: its content words and the everyday words a
 * clinical term among them stands for ("fatigue": "tired"), its item label left out as layout.
 */
export function sentenceWordStems(text: string, synonyms?: SynonymMap): Set<string> {
  const alternativesFor = alternativesOf(synonyms);
  return new Set(contentStems(withoutItemLabel(text)).flatMap(alternativesFor));
}

const MAX_SPANS = 4;

/** Aligns one sentence: up to 4 segments chosen greedily by the content they add. */
export function alignSentence(
  sentence: NoteSentence,
  prepared: PreparedTranscript,
  synonyms?: SynonymMap,
): SentenceEvidence {
  const alternativesFor = alternativesOf(synonyms);
  const words = [...new Set(contentStems(withoutItemLabel(sentence.text)))];
  // Looked up once per word: the loops below run over every transcript segment.
  const table = new Map(words.map((w) => [w, alternativesFor(w)]));
  const alternatives = (w: string) => table.get(w) ?? [w];
  const base = { section: sentence.section, text: sentence.text };
  // A sentence of framing words only ("The patient is a male.") says nothing the transcript
  // could show; it has no evidence.
  if (words.length === 0) return { ...base, spans: [], support: 0, supported: false };
  const total = prepared.segments.length || 1;
  const weight = (w: string) => {
    const found = Math.max(...alternatives(w).map((a) => prepared.frequency.get(a) ?? 0));
    // A word the consultation never says still counts against the sentence at full weight.
    return Math.log(1 + total / Math.max(1, found));
  };
  const weights = new Map(words.map((w) => [w, weight(w)]));
  const totalWeight = [...weights.values()].reduce((a, b) => a + b, 0);
  const uncovered = new Set(words);
  const chosen: TokenisedSegment[] = [];
  let covered = 0;
  for (let round = 0; round < MAX_SPANS && uncovered.size > 0; round += 1) {
    let best: TokenisedSegment | null = null;
    let bestGain = 0;
    for (const segment of prepared.segments) {
      if (chosen.includes(segment)) continue;
      let gain = 0;
      for (const w of uncovered) {
        if (alternatives(w).some((a) => segment.stems.has(a))) gain += weights.get(w) ?? 0;
      }
      // Prefer segments near the ones already chosen (a question and its answer).
      if (gain > 0 && chosen.some((c) => Math.abs(c.turn - segment.turn) <= 1)) gain *= 1.15;
      if (gain > bestGain) {
        bestGain = gain;
        best = segment;
      }
    }
    // A further span must add a real share of the sentence, not one stray common word.
    if (!best || (round > 0 && bestGain < 0.15 * totalWeight)) break;
    chosen.push(best);
    for (const w of [...uncovered]) {
      if (alternatives(w).some((a) => best.stems.has(a))) {
        covered += weights.get(w) ?? 0;
        uncovered.delete(w);
      }
    }
  }
  const support = totalWeight > 0 ? Math.min(1, covered / totalWeight) : 1;
  const spans = chosen
    .map((segment) => ({ start: segment.start, end: segment.end }))
    .sort((a, b) => a.start - b.start);
  return {
    ...base,
    spans,
    support: Math.round(support * 1000) / 1000,
    supported: spans.length > 0 && support >= SUPPORT_THRESHOLD,
  };
}

/** Evidence for every sentence of a note (HTML or plain text), placeholders left out. */
export function alignNoteEvidence(
  note: string,
  transcript: string,
  synonyms?: SynonymMap,
): NoteEvidence {
  const prepared = prepareTranscript(transcript);
  return noteSentences(note)
    .filter((sentence) => !isPlaceholderSentence(sentence.text))
    .map((sentence) => alignSentence(sentence, prepared, synonyms));
}
