/**
 * Grounding (issues 12 and 21): the last stage of a note the engine writes afresh. Every sentence
 * must be borne out by the transcript (evidence alignment), pass the safety check (numbers, sides,
 * negations, allergies, polarity as the assertion stage read it), read as a note rather than as
 * a question or talk (`prune.ts`); a sentence that fails is left out, so a misread costs a
 * sentence and never states a wrong fact.
 */
import {
  alignSentence,
  checkSentenceSafety,
  findingMentions,
  isPlaceholderSentence,
  marksForReview,
  prepareAssertionText,
  restsOnUncertainWords,
  sentenceConfidence,
  spanConfidence,
  splitNoteSentences,
  type ConfidenceToken,
  type PreparedTranscript,
  type SafetyTranscript,
} from '@clerkly/contracts';
import { builtinSynonyms } from '../evidence';
import type { NoteSection } from '../note-engine';
import { paragraphsOf } from '../render';
import { readsAsQuestionOrAnswer, worthKeeping } from './prune';
import { symptomsIn } from './consultation';
import { PART_FOUND_SOURCE } from './lexicon';
import { wordCount } from './normalise';
import { namesClinicalContent } from './uncertainty';
import { SAFETY_NET_SENTENCE } from './writers/next-steps';

/** "Musculoskeletal: " at the head of an examination or review-of-systems bullet. */
const BULLET_LABEL = /^([A-Z][A-Za-z /&-]{1,40}:\s+)(.*)$/s;

/**
 * A bullet keeps its label and the sentences that pass; an examination bullet with one unsupported
 * sentence ("No tenderness to palpation of the lower.") loses that sentence, not its findings.
 */
function keepSupportedInBullet(
  bullet: string,
  supported: (text: string) => boolean,
  keepLabel: boolean,
): string {
  if (bullet.length === 0) return bullet;
  const m = BULLET_LABEL.exec(bullet);
  const label = m?.[1] ?? '';
  const sentences = splitNoteSentences(m?.[2] ?? bullet);
  const kept = sentences.filter(supported);
  if (kept.length === sentences.length) return bullet;
  if (kept.length > 0) return `${label}${kept.join(' ')}`;
  // An assessment's problem ("Palpitations: I think these are…") stays when only the clinician's
  // reasoning after it is left out.
  const title = `${label.replace(/:\s*$/, '')}.`;
  return keepLabel && label && supported(title) ? title : '';
}

/** Sections whose bullets are problems named by the clinician, each title a finding of its own. */
const PROBLEM_SECTION = /\b(?:assessment|impression|diagnos\w*|problems?)\b/i;

export interface Grounding {
  evidence: PreparedTranscript;
  safety: SafetyTranscript;
  /** The transcript's words with the recogniser's confidence (issue 24); empty when unknown. */
  confidence?: readonly ConfidenceToken[];
  /** Symptoms the consultation holds as present (canonical names), as the writers read them. */
  presentSymptoms?: ReadonlySet<string>;
  /** Symptoms it holds as denied and nowhere present: its review of systems says "Denies …". */
  deniedSymptoms?: ReadonlySet<string>;
}

/**
 * A sentence that states a denied symptom as present, read by the assertion stage as the safety
 * check and the denials browser test read a note ("they have a rash on their kids and the
 * nausea", from a misheard "any nausea? no nausea"): it would contradict the note's own "Denies
 * nausea", and the patient's words.
 */
function affirmsDeniedSymptom(text: string, denied: ReadonlySet<string>): boolean {
  if (denied.size === 0) return false;
  // Read as the note's prose, as a reader of the note reads it: a one-sentence text counts as
  // unpunctuated speech, where "the nausea no nausea" is a question and its answer.
  const read = { ...prepareAssertionText(text), punctuated: true };
  return [...denied].some((symptom) =>
    findingMentions(read, symptom).some((mention) => mention.assertion === 'affirmed'),
  );
}

/**
 * A sentence that states a symptom as present ("The vomiting mohammad to any palpitations.")
 * although the consultation does not hold it present: on misheard words, the sentence would
 * contradict the note's own review of systems, or a denial the recogniser garbled.
 */
function affirmsSymptomNotPresent(text: string, present: ReadonlySet<string>): boolean {
  return symptomsIn(text.toLowerCase()).some((s) => !s.negated && !present.has(s.canonical));
}

/**
 * "No sentence that nothing in the consultation supports" (issue 12): a sentence the transcript
 * does not bear out (see `alignSentence`), or whose numbers, sides, negations or allergies the
 * safety check cannot find as written, is left out of a note the engine writes afresh. A rule
 * that misreads speech then costs a sentence, never a wrong fact.
 */
export function keepSupported(
  section: NoteSection,
  grounding: Grounding,
  prune: boolean,
): NoteSection {
  const supported = supportedIn(section.title, grounding, prune);
  const content = paragraphsOf(section.content)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => splitNoteSentences(line).filter(supported).join(' '))
        .filter((line) => line.length > 0)
        .join('\n'),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
  const bullets = section.bullets
    ?.map((b) => keepSupportedInBullet(b, supported, PROBLEM_SECTION.test(section.title)))
    .filter((b) => b.length > 0);
  const kept: NoteSection = { title: section.title, content };
  if (bullets && bullets.length > 0) kept.bullets = bullets;
  return kept;
}

/** An examination section's heading: Objective, Physical Examination, Examination Findings. */
const EXAM_SECTION = /\b(?:exam\w*|objective|findings?|found)\b/i;

/**
 * A part examined and how it was found ("Lungs sound nice and clear.", "Her feet look healthy."):
 * a finding, however everyday its words, so word usefulness does not prune it.
 */
const PART_FOUND_SENTENCE = new RegExp(
  `^(?:(?:the patient's|the|his|her|their) )?${PART_FOUND_SOURCE}`,
  'i',
);

/** A plan section's heading: Plan, Assessment and Plan, Next Steps, Patient Instructions. */
const PLAN_SECTION =
  /\b(?:plan|next steps?|follow[- ]?up|instructions?|advice|recommendations?)\b/i;

/**
 * The test every sentence of a note written afresh passes, for one section: also what a learned
 * style's rewording must pass (`apply-style.ts`), so a preference never states what was not said.
 */
export function supportedIn(
  sectionTitle: string,
  grounding: Grounding,
  prune: boolean,
): (text: string) => boolean {
  return (text: string) => {
    if (isPlaceholderSentence(text)) return true;
    const finding =
      EXAM_SECTION.test(sectionTitle) && PART_FOUND_SENTENCE.test(text) && wordCount(text) <= 10;
    const safetyNet =
      PLAN_SECTION.test(sectionTitle) && SAFETY_NET_SENTENCE.test(text) && wordCount(text) <= 30;
    if ((prune && !finding && !safetyNet && !worthKeeping(text)) || readsAsQuestionOrAnswer(text))
      return false;
    const evidence = alignSentence(
      { section: sectionTitle, text },
      grounding.evidence,
      builtinSynonyms(),
    );
    if (!evidence.supported || checkSentenceSafety(text, grounding.safety).length > 0) return false;
    if (grounding.deniedSymptoms && affirmsDeniedSymptom(text, grounding.deniedSymptoms)) {
      return false;
    }
    // Issue 24: a sentence resting on a word the recogniser was unsure of is marked for review by
    // its evidence; one that affirms a symptom the consultation does not bear out goes, and so
    // does one resting mostly on such words unless it names something clinical (misheard talk).
    const tokens = grounding.confidence ?? [];
    const own = sentenceConfidence(tokens, evidence, builtinSynonyms());
    const mostly =
      restsOnUncertainWords(own) || restsOnUncertainWords(spanConfidence(tokens, evidence.spans));
    if (!mostly && !marksForReview(own)) return true;
    if (grounding.presentSymptoms && affirmsSymptomNotPresent(text, grounding.presentSymptoms)) {
      return false;
    }
    return !mostly || namesClinicalContent(text);
  };
}
