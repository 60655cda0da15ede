/**
 * One pass over the transcript that everything else reads: sentences with speaker and phase of
 * the visit (history → examination → results → assessment and plan), clinician questions paired
 * with the patient's answers, and the facts a clinician looks for (demographics, symptoms with
 * polarity, medicines with dose and frequency, allergies, vitals, follow-up).
 */
import {
  BODY_PART_PATTERN,
  CONDITIONS,
  CONTROL_STATED_SOURCE,
  EXAM_TERMS,
  HISTORY_TERMS,
  MEDICATIONS,
  PLAN_TERMS,
  SMALL_TALK,
  SYMPTOM_TERMS,
  TESTS,
  WEAK_SYMPTOM_WORDS,
  type BodySystem,
} from './lexicon';
import {
  detokenise,
  keepCorrectedSide,
  normaliseText,
  stripLeadingMarkers,
  wordCount,
} from './normalise';
import { splitSentences } from './sentences';
import {
  AFFIRMING_QUANTITIES,
  NOT_FOUND_OUT,
  ONES,
  findingMentions,
  prepareAssertionText,
  restsOnUncertainWords,
  spanConfidence,
  type AssertionText,
  type ConfidenceToken,
  type Mention,
} from '@clerkly/contracts';
import { pronounsFor, type Pronouns, type Sex } from './perspective';
import { clinicianScore, parseTranscript, type RawTurn, type SpeakerRole } from './transcript';

type Phase = 'history' | 'exam' | 'results' | 'plan';
type Polarity = 'yes' | 'no' | 'unclear';

export interface Utterance {
  id: number;
  turn: number;
  role: Exclude<SpeakerRole, 'unknown'>;
  phase: Phase;
  /** Normalised lowercase sentence, leading "okay so" removed. */
  text: string;
  question: boolean;
  /** For a clinician question: the patient's reply (the next patient turn). */
  answer?: Answer;
  /** For the first sentences of a reply: the question(s) it answers. */
  answers?: Utterance[];
  /** A command to a voice assistant ("hey dragon, order an x-ray"): not part of the record. */
  command?: boolean;
  /** Dictated by the clinician after the patient left (already third person). */
  dictation?: boolean;
}

interface Answer {
  polarity: Polarity;
  /** The reply with its "yes"/"no" removed. */
  content: string;
  utterances: Utterance[];
}

interface SymptomFact {
  canonical: string;
  /** The words the transcript used ("feverish"), when a symptom term was matched. */
  term?: string;
  system: BodySystem;
  present: boolean;
  utteranceId: number;
  /**
   * Asked about together with what the answer named instead ("body aches, joint pain?" "a bit
   * of joint pain"): the answer says nothing of it, so it stands only as the denial the
   * assertion stage reads in the words themselves ("any nausea or vomiting, not really").
   */
  unanswered?: boolean;
}

interface MedicationFact {
  name: string;
  dose: string | null;
  frequency: string | null;
  utteranceId: number;
  phase: Phase;
}

interface VitalFact {
  label: string;
  value: string;
  /** Read out during the examination (today's), not told of in the history. */
  readInExam: boolean;
}

export interface Consultation {
  utterances: Utterance[];
  sex: Sex;
  pronouns: Pronouns;
  name: string | null;
  age: number | null;
  /** The clinician's own one-line summary ("58-year-old male ... who presents today for ..."). */
  oneLiner: string | null;
  chiefComplaint: string | null;
  symptoms: SymptomFact[];
  medications: MedicationFact[];
  allergies: string[];
  noKnownAllergies: boolean;
  vitals: VitalFact[];
  vitalsNormal: boolean;
  pastConditions: string[];
  followUp: string | null;
  agreed: boolean;
  punctuated: boolean;
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const termPattern = (terms: readonly string[]) =>
  new RegExp(
    `\\b(?:${[...terms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRe)
      .join('|')})(?:e?s)?(?![a-z])`,
    'g',
  );

const SYMPTOM_RE = termPattern(SYMPTOM_TERMS.map((s) => s.term));
const SYMPTOM_BY_TERM = new Map(SYMPTOM_TERMS.map((s) => [s.term, s]));
export const CONDITION_RE = termPattern(CONDITIONS);
const MEDICATION_RE = termPattern(MEDICATIONS);
export const TEST_RE = termPattern(TESTS);
export const EXAM_RE = termPattern(EXAM_TERMS);
const PLAN_RE = termPattern(PLAN_TERMS);
const HISTORY_RE = termPattern(HISTORY_TERMS);
const SMALL_TALK_RE = termPattern(SMALL_TALK);

export function countMatches(re: RegExp, text: string): number {
  re.lastIndex = 0;
  return (text.match(re) ?? []).length;
}

// --- phases -------------------------------------------------------------------------------------

/**
 * A finding said as it is found, with no "on exam" before it: "there is swelling over the outside
 * of your ankle", "her right eardrum is red and bulging", "your throat is red".
 */
const EXAM_FINDING_SAID = String.raw`\b(?:there is|there's|i can (?:see|feel)) (?:some |mild |marked |a little |a bit of )?(?:swelling|tenderness|redness|bruising|erythema|an effusion|effusion|crepitus|a rash|wheezing|crackles)\b|\b(?:your|her|his) (?:right |left )?(?:lower |upper )?(?:ear ?drums?|ears?|throat|tonsils|chest|lungs|heart|tummy|abdomen|belly|ankle|knee|wrist|skin|wound|feet|foot|back|neck|shoulder|elbow|hip|hand|finger|leg|arm) (?:is|are|looks?|sounds?) (?:a bit |very |quite |slightly )?(?:red|swollen|inflamed|bulging|clear|normal|tender|soft|infected|healing|regular|healthy|fine)\b|\b(?:your|her|his) (?:right |left )?(?:chest|lungs?|heart|skin|throat|knee|ankle|abdomen|tummy) (?:has|have) (?:a |an |some )?(?:slight |mild |faint |soft |marked |widespread )?(?:wheeze|wheezes|wheezing|crackles|crepitations|murmur|rash|swelling|effusion|redness|tenderness)\b|\b(?:your|her|his) pupils (?:are|look) (?:equal|reactive|normal|dilated|constricted)\b|\bstraight leg raise is (?:negative|positive)\b`;

const EXAM_CUE = new RegExp(
  String.raw`\b(?:physical exam(?:ination)?|(?:do|perform) (?:a |my |your )?(?:quick )?(?:physical )?exam|examine (?:you|your)|take a (?:quick )?look at (?:you|your|it|that|the)|let me (?:take a |have a )?(?:quick )?look\b(?! (?:up|into|for|through|over))|your (?:blood pressure|temperature|pulse|heart rate|oxygen (?:level|saturation)|peak flow) (?:today )?is (?:about )?\d+|check you out|listen to your (?:heart|lungs|chest)|vital signs|your vitals|at your vitals|lay back|lie back|on (?:your )?(?:physical )?exam(?:ination)?|on (?:your |his |her )?(?:heart|lung|abdominal|abdomen|neck|skin|back|knee|shoulder|musculoskeletal|neurological|neuro|eye|ear|cardiac|respiratory) exam|i (?:do )?(?:not )?appreciate|exam template|on exam)\b|${EXAM_FINDING_SAID}`,
);
const RESULTS_CUE =
  /\b(?:(?:look(?:ing)?|looked) at (?:the |your |some of your )?(?:results?|x-?rays?|mri|ct|labs?|lab work|blood work|echocardiogram|echo|ekg|ultrasound|a1c|imaging|tests?)|review(?:ed|ing)? (?:the |your |some of your )?(?:results?|x-?rays?|mri|ct|labs?|lab work|blood work|echocardiogram|ekg|ultrasound|imaging|tests?)|show me the|results? of (?:your|the)|your (?:x-?rays?|mri|ct scan|labs?|lab work|blood work|blood tests?|echocardiogram|ekg|ecg|ultrasound|a1c|hba1c|urine (?:dip|dipstick|test|sample)|swab) (?:shows?|showed|revealed?|demonstrated?|came back|(?:is|was|looks|looked) (?:normal|fine|clear|abnormal))|(?:the|your) results?)\b/;
const PLAN_CUE =
  /\b(?:assessment and (?:my )?plan|my assessment|my impression|my plan|the plan|impression|primary diagnosis|for your (?:first|second|third|next|last|other) problem|(?:first|next|last) problem|let us talk about (?:my|the|what)|treatment options?|what i want to do|what we are going to do|i think you have|i want to prescribe|going to prescribe|like to prescribe|i am going to order|i want to order|like to refer|going to refer|want to refer)\b/;

/** Treatment talk that starts the plan once the history is over. */
const PLAN_ACTION =
  /\b(?:we will|we are going to|i am going to|i want to|i would like to|let us|i recommend|i suggest|we should|we can|we could|we need to)\b[^.]*\b(?:prescribe|order|refer|referral|schedule|blood tests?|start you|increase|decrease|continue|stop|send you|send out|give you|put you on|get you|get your|recommend|surgery|physical therapy|injection|brace|splint|sling|crutches|follow up|keep monitoring|monitor (?:it|them|this|that|your)|keep an eye on)\b|\bi(?:'ll| will) (?:give you|prescribe|refer you|order|send you|put you on|start you on|increase|decrease|reduce|double|halve|switch you|arrange|book)\b|\bwe will (?:do|run|arrange|take) (?:some )?(?:blood tests?|bloods|tests)\b|\bwe suspect\b|\bi suspect\b|\bi (?:think|would say|'d say|say) (?:this|that) is (?:probably |likely |most likely |more of )?(?:a|an) |\bi(?:'ll| will) write (?:\w+ ){0,2}(?:certificate|sick note|fit note|letter|prescription|referral)|^(?:please )?(?:restart|resume|start|stop|continue|take) (?:taking )?(?:the |your )?[a-z]+ \d+(?:\.\d+)? ?(?:mg|mcg|micrograms?|milligrams?|units?|ml)\b|\b(?:we|i) will recheck\b/;

const QUESTION_START =
  /^(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|any|anything|how|what|when|where|why|which|who|whose|so you|and you|you have|you are|you had|you were|you do(?! not need)|you did|you feel|you said|you mentioned|you never|you take|you still)\b/;

function detectQuestion(text: string, punctuated: boolean): boolean {
  if (/\?\s*$/.test(text)) return true;
  // Punctuated transcripts still leave questions cut off mid-way ("any chest pain, nausea or-").
  if (punctuated && /[.!]\s*$/.test(text)) return false;
  const t = stripLeadingMarkers(text);
  return (
    QUESTION_START.test(t) ||
    /\b(?:could|can|would) you (?:tell|describe|explain|show|walk)\b/.test(t) ||
    // "hello what can i do for you today": the opening question after a greeting.
    /\b(?:what brings you|what has brought you|what brought you|what can i do for you|how can i help(?: you)?|what is bringing you)\b/.test(
      t,
    )
  );
}

/** "we will repeat the labs, okay?" is a statement asking for a nod, not a question. */
const TAG_QUESTION =
  /,?\s*(?:okay|ok|alright|all right|right|yeah|sound good|sounds good|is that okay|does that make sense|does that sound good|does that sound okay|how does that sound|you know)\s*\?\s*$/;

/**
 * "is she eating and drinking okay?", "is it on the right?": a question from its first word,
 * whose last word is part of it, not a tag ("we will see you in two weeks, okay?").
 */
function askedThroughTheEnd(sentence: string): boolean {
  return (
    /^(?:(?:and|so|now|okay|ok|alright),?\s+)?(?:is|are|was|were|do|does|did|have|has|can|could|would|will|what|how|when|where|why|which|who)\b/i.test(
      sentence,
    ) && !/,\s*[a-z ]+\?\s*$/i.test(sentence)
  );
}

/** Replies that only acknowledge ("mm-hmm", "okay") while the clinician keeps talking. */
const BACKCHANNEL =
  /^[\s,.!-]*(?:(?:mm-?hmm|mhm|uh-?huh|hmm|okay|ok|yeah|yes|yep|right|sure|alright|all right|got it|i see|oh|uh|um)[\s,.!-]*)*$/;

/**
 * Speech-to-text without punctuation or speakers gives one long line per recorded segment. Cut
 * where a speaker would pause (`splitSentences`), each piece becomes a turn of its own, so that a
 * question and the reply after it pair up as they do when the transcript has full stops (issue 21).
 */
function unpunctuatedTurns(turns: RawTurn[]): RawTurn[] {
  return turns.flatMap((turn) => {
    if (turn.role !== 'unknown' || /[.?!]/.test(turn.text)) return [turn];
    // A side taken back is dropped before the cuts, which would part it from its correction
    // ("my left shoulder sorry | i mean my right shoulder").
    return splitSentences(keepCorrectedSide(turn.text), true).map((text) => ({
      role: 'unknown' as const,
      text,
    }));
  });
}

function mergeBackchannels(turns: RawTurn[]): RawTurn[] {
  const out: RawTurn[] = [];
  for (let i = 0; i < turns.length; i += 1) {
    const turn = turns[i];
    if (!turn) continue;
    const prev = out[out.length - 1];
    const next = turns[i + 1];
    const ack =
      (turn.role === 'patient' || turn.role === 'other') &&
      BACKCHANNEL.test(turn.text.toLowerCase());
    if (
      ack &&
      prev?.role === 'clinician' &&
      next?.role === 'clinician' &&
      !/\?\s*$/.test(prev.text.trim())
    ) {
      // The clinician's sentence continues across the acknowledgement: join the two halves.
      prev.text = `${prev.text.replace(/[-–]\s*$/, '')} ${next.text.replace(/^\s*[.,]\s*/, '')}`;
      i += 1;
      continue;
    }
    out.push({ ...turn });
  }
  return out;
}

// --- answers ------------------------------------------------------------------------------------

const UNSURE_ANSWER =
  /^(?:i do not know|i don't know|not sure|i am not sure|i'm not sure|i do not remember|i don't remember|i cannot remember|hard to say|i can't remember|maybe|possibly|i guess)\b/;
/** A reply that says no ("i do not", but not "i do not hear the question": that asks it again). */
const NO_ANSWER =
  /^(?:no|nope|nah|not really|not at all|not that i know|not that i have|never|none|negative|nothing|i do not(?: think so)?(?! (?:hear|understand|follow|get (?:it|what|the question)))|i don't(?: think so)?(?! (?:hear|understand|follow|get (?:it|what|the question)))|i have not|i haven't|i did not|i didn't|i am not|i'm not|i have never|i've never|i never|it does not|it doesn't|it is not|it isn't|it has not|it did not|i would not say|not too much|not much|not anymore|not lately|not recently|not that i've noticed)\b/;
const YES_ANSWER =
  /^(?:yes|yeah|yep|yup|ya|yah|mm-hmm|mhm|uh-huh|correct|right|sure|absolutely|definitely|sometimes|occasionally|a little|a bit|a lot|kind of|i think so|probably|a few|all the time|constantly|often|i have been|i've been|i take\b|i use\b|i do(?:[,.!]|$)|i have(?:[,.!]|$)|i did(?:[,.!]|$)|i am(?:[,.!]|$)|it does(?:[,.!]|$)|it is(?:[,.!]|$)|it has(?:[,.!]|$)|it did(?:[,.!]|$)|i was(?:[,.!]|$))/;

/**
 * A "no" the reply takes back at once: "no, sometimes, yeah, it seems numb too", "nope, actually
 * yes". Read as neither (the question's "…, no?" can also reach an untagged reply): the note
 * writes no denial from it, and the symptom stands as the assertion stage reads it in the words.
 */
const TAKEN_BACK =
  /^(?:no|nope|nah)\b[\s,.!]*(?:(?:wait|well|um|uh|actually|i mean)[\s,.!]+)*(?:yes|yeah|yep|sometimes|occasionally|actually)\b/;

/** A reply about what was and no longer is: "i used to, but i quit five years ago". */
const FORMER_ANSWER =
  /^(?:(?:yes|yeah|well),?\s+)?(?:i used to|used to|i quit|i stopped|i gave (?:it )?up|not anymore|not any more|no longer|i do not anymore|i don't anymore)\b/;

function answerPolarity(rawLower: string): Polarity {
  const text = rawLower
    .replace(/^[\s,.]*(?:(?:um+|uh+|hmm+|oh|well|so|okay|ok|gosh|honestly)[\s,.]+)*/, '')
    .trim();
  // Neither yes (not today) nor a plain no (it was so once): the reply is written as said.
  if (UNSURE_ANSWER.test(text) || FORMER_ANSWER.test(text)) return 'unclear';
  if (NO_ANSWER.test(text)) {
    return noIsTheSymptoms(text) || TAKEN_BACK.test(text) || NOT_FOUND_OUT.test(text)
      ? 'unclear'
      : 'no';
  }
  if (YES_ANSWER.test(text)) return 'yes';
  return 'unclear';
}

/**
 * "no vomiting, but constipation and weight loss", "no fever, I bring up phlegm": the "no" belongs
 * to the symptom right after it, not to the question, which the rest of the reply may answer yes.
 */
function noIsTheSymptoms(reply: string): boolean {
  const first = symptomsIn(reply)[0];
  return (
    first !== undefined && /^(?:no|not|never)\s+(?:[a-z]+\s+)?$/.test(reply.slice(0, first.index))
  );
}

/**
 * The reply without its leading "yes"/"no". A "no" is only removed when it stands alone
 * ("no, it started ..."): in "no chest pain" it is the meaning, and removing it would flip it.
 */
export function stripAnswerWord(text: string): string {
  return text
    .replace(
      /^(?:(?:(?:yes|yeah|yep|yup|mm-hmm|uh-huh|correct|right|sure|okay|ok|um|uh|well|so|oh)\b[\s,.!]*)|(?:(?:no|nope|nah)(?:[,.!]+\s*|\s*$)))+/,
      '',
    )
    .trim();
}

// --- demographics -------------------------------------------------------------------------------

const NAME_STOP = new Set([
  'there',
  'doctor',
  'doc',
  'dr',
  'everyone',
  'everybody',
  'good',
  'how',
  'so',
  'um',
  'uh',
  'dragon',
  'again',
  'guys',
  'sweetie',
  'honey',
  'buddy',
  'sir',
  'maam',
  'ma',
  'miss',
  'mister',
  'nice',
  'thanks',
  'thank',
  'it',
  'i',
  'you',
  'yes',
  'yeah',
  'okay',
  'well',
  'welcome',
  'come',
  'hello',
  'hi',
  'hey',
  'morning',
  'afternoon',
  'evening',
  'back',
  'in',
  'the',
  'nurse',
  'friend',
  'today',
  'all',
  'what',
  'are',
  'is',
  'am',
  'my',
  'your',
  'whats',
  'who',
  'long',
  'great',
  'glad',
  'sorry',
  'please',
  'just',
  'man',
  'young',
  'dear',
  'let',
  'can',
  'ms',
  'mrs',
  'mr',
  'how',
  'and',
  'patient',
  'were',
  'was',
  'we',
  'one',
  'this',
  'that',
  'good',
  'pleasure',
]);

function detectName(utterances: Utterance[]): string | null {
  const counts = new Map<string, number>();
  const titles = new Map<string, string>();
  const add = (name: string, weight: number) => {
    const clean = name.trim().toLowerCase();
    const words = clean.split(/\s+/);
    if (words.some((w) => NAME_STOP.has(w) || !/^[a-z][a-z'-]+$/.test(w))) return;
    counts.set(clean, (counts.get(clean) ?? 0) + weight);
  };
  for (const u of utterances) {
    if (u.role !== 'clinician') continue;
    const intro =
      /^(?:this is |today i am seeing |i am seeing |seeing )?([a-z]+(?: [a-z]+)?),? (?:is )?a (?:pleasant |very pleasant )?\d+-year-old\b/.exec(
        u.text,
      );
    if (intro?.[1]) add(intro[1], 3);
    const seeing = /\b(?:today i am seeing|i am seeing|this is) ([a-z]+ [a-z]+)\b/.exec(u.text);
    // "i think this is carpal tunnel syndrome" names a diagnosis, not the patient.
    if (seeing?.[1] && u.id < 6 && !statesDiagnosis(u.text)) add(seeing[1], 2);
    const greet =
      // "mrs" before "mr", or "hi mrs khan" would name the patient "s".
      /^(?:hi|hello|hey|good morning|good afternoon|good evening|morning|afternoon)[,\s]+(?:(?:mrs|mr|ms|miss)\.?\s+)?([a-z]+)\b/.exec(
        u.text,
      );
    if (greet?.[1] && u.id < 8) add(greet[1], 2);
    const titled = /\b(mr|mrs|ms|miss)\.? ([a-z]+)\b/.exec(u.text);
    if (titled?.[1] && titled[2]) {
      add(titled[2], 1);
      titles.set(titled[2], titled[1]);
    }
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, count] of counts) {
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  if (!best || bestCount < 2) return null;
  // A surname the clinician only used with a title keeps it ("Mrs. Brown", not "Brown").
  const title = titles.get(best);
  return title && !best.includes(' ') ? `${title}. ${best}` : best;
}

const FEMALE_CARE =
  /\b(?:(?:my|your) (?:last )?(?:menstrual )?periods?|menstrual|menstruation|menopaus\w*|(?:am i|are you|you are|i am|you could be|i could be|chance (?:you|i) (?:are|am|could be)) pregnant|pap smears?|my (?:ovaries|uterus)|your (?:ovaries|uterus))\b/;
const MALE_CARE = /\b(?:(?:my|your) prostate|prostate exam|erectile|(?:my|your) testicles?)\b/;

function detectSex(utterances: Utterance[]): Sex {
  let male = 0;
  let female = 0;
  for (const u of utterances) {
    // Organs and care only one sex has, about the patient ("your prostate", "my last period",
    // "are you pregnant"), say the sex as plainly as a stated one.
    if (FEMALE_CARE.test(u.text)) female += 2;
    if (MALE_CARE.test(u.text)) male += 2;
    if (u.role !== 'clinician') continue;
    const t = u.text;
    if (/\d+-year-old (?:male|man|gentleman|boy)\b/.test(t)) male += 5;
    if (/\d+-year-old (?:female|woman|lady|girl)\b/.test(t)) female += 5;
    if (/\b(?:mr|sir)\b/.test(t)) male += 2;
    if (/\b(?:mrs|ms|miss|ma'am|maam)\b/.test(t)) female += 2;
    male += countMatches(/\b(?:he|him|his|himself)\b/g, t) * 0.5;
    female += countMatches(/\b(?:she|her|hers|herself)\b/g, t) * 0.5;
  }
  if (male >= 2 && male > female * 1.5) return 'male';
  if (female >= 2 && female > male * 1.5) return 'female';
  return null;
}

function detectAge(utterances: Utterance[]): number | null {
  for (const u of utterances) {
    const m = /\b(\d{1,3})-year-old\b/.exec(u.text);
    if (m?.[1]) return Number(m[1]);
  }
  for (const u of utterances) {
    if (u.role === 'clinician' && /how old are you/.test(u.text) && u.answer) {
      const m = /\b(\d{1,3})\b/.exec(u.answer.content);
      if (m?.[1]) return Number(m[1]);
    }
  }
  return null;
}

// --- symptoms -----------------------------------------------------------------------------------

/**
 * Where a negation's reach ends: a contrast ("but", "however"), the end of a sentence, a new
 * clause with its own subject (", she has ..."), or what the patient does have ("no fever, some
 * chills": the assertion stage's `AFFIRMING_QUANTITIES`).
 */
const NEGATION_BOUNDARY = new RegExp(
  `\\b(?:but|however|although|though|except|yet|whereas)\\b|[;.!?]|,\\s*(?:and\\s+|so\\s+)?(?:i|he|she|they|we|it|there|you)\\s|\\b(?:${AFFIRMING_QUANTITIES.join('|')})\\s`,
  'g',
);

/** Symptoms named in one sentence, with polarity from negation within the same clause. */
export function symptomsIn(
  text: string,
): { term: string; canonical: string; system: BodySystem; negated: boolean; index: number }[] {
  const found: {
    term: string;
    canonical: string;
    system: BodySystem;
    negated: boolean;
    index: number;
  }[] = [];
  SYMPTOM_RE.lastIndex = 0;
  for (let m = SYMPTOM_RE.exec(text); m !== null; m = SYMPTOM_RE.exec(text)) {
    const term = m[0];
    const entry = SYMPTOM_BY_TERM.get(term);
    if (!entry || WEAK_SYMPTOM_WORDS.has(term)) continue;
    const before = text.slice(0, m.index);
    // A negation reaches along a list ("no fever, chills, or night sweats") up to a boundary.
    const boundaries = [...before.matchAll(NEGATION_BOUNDARY)];
    const last = boundaries[boundaries.length - 1];
    const scope = last ? before.slice((last.index ?? 0) + last[0].length) : before;
    // "any" only negates inside a question; in a statement "no"/"not"/"denies" do.
    // "no fever, some chills": "some" starts what the patient has (a boundary above). "nothing
    // tingling or hurting": "nothing" negates only the words right after it, not "nothing helps
    // the pain".
    const negated =
      (/\b(?:no|not|denies|denied|deny|without|never|none|nor|negative for|free of)\b/.test(
        scope,
      ) ||
        /\bnothing (?:[a-z]+ (?:or|and|nor) )?$/.test(scope)) &&
      !/\b(?:not sure|not certain|do not know|not only)\b/.test(scope);
    found.push({ term, canonical: entry.canonical, system: entry.system, negated, index: m.index });
  }
  return found;
}

/**
 * What a complaint of a part is called, from the word the patient used: "my knee hurts" is pain,
 * "I twisted my knee" an injury, "my ankle is swollen" swelling. Pain is not written for a part
 * nobody said hurts.
 */
const PAIN_SAID = /\b(?:pain|painful|hurts?|hurting|ache|aches|aching|achy|sore|soreness)\b/;

function complaintKind(said: string): 'pain' | 'injury' | 'swelling' {
  if (/^(?:swelling|is swollen|swollen)$/.test(said)) return 'swelling';
  if (/^(?:injury|injured|twisted|sprained|broke|fractured|jammed|banged|hit)$/.test(said)) {
    return 'injury';
  }
  return 'pain';
}

/**
 * "my left knee hurts", "pain in the right wrist" → "left knee pain"; "I twisted my right knee" →
 * "right knee injury" (laterality kept).
 */
export function localisedPain(said: string): string | null {
  // "a dull pain in the back of my head" is the head's, not back pain.
  const text = said.replace(
    /\b(?:the )?(?:back|front|side|top|bottom|inside|outside) of (my|his|her|your|the|their)\b/g,
    '$1',
  );
  const m =
    /\b(?:(left|right|both|bilateral)\s+)?([a-z]+(?: [a-z]+)?)\s+(?:(?:has been|have been|is|was|keeps|started|has started|kept|is still|has|have|had)\s+)?(pain|hurts|hurting|is hurting|ache|aches|aching|injury|swelling|is swollen|bothering|killing)\b/.exec(
      text,
    ) ?? null;
  const candidates: { side: string | undefined; part: string; kind: string }[] = [];
  if (m?.[2] && m[3]) {
    const part = BODY_PART_PATTERN.exec(m[2]);
    if (part?.[2] && part[0] === m[2]) {
      candidates.push({ side: m[1] ?? part[1], part: part[2], kind: complaintKind(m[3]) });
    }
  }
  const inPart =
    /\b(pain|hurt|hurts|injured|injury|swelling|hurting|sore|soreness) (?:in|on|of|to) (?:my|his|her|your|the|their) (?:(left|right) )?([a-z]+(?: [a-z]+)?)/.exec(
      text,
    );
  if (inPart?.[3] && inPart[1]) {
    const part = BODY_PART_PATTERN.exec(inPart[3]);
    if (part?.[2]) {
      candidates.push({
        side: inPart[2] ?? part[1],
        part: part[2],
        kind: complaintKind(inPart[1]),
      });
    }
  }
  const hurtPart =
    /\b(hurt|injured|twisted|sprained|broke|fractured|jammed|banged|hit) (?:my|his|her|your|the) (?:(left|right) )?([a-z]+(?: [a-z]+)?)/.exec(
      text,
    );
  if (hurtPart?.[3] && hurtPart[1]) {
    const part = BODY_PART_PATTERN.exec(hurtPart[3]);
    if (part?.[2]) {
      candidates.push({
        side: hurtPart[2] ?? part[1],
        part: part[2],
        kind: complaintKind(hurtPart[1]),
      });
    }
  }
  const first = candidates[0];
  if (!first) return null;
  // Pain said in the same breath is the complaint: "I hurt my knee and the pain is deep".
  const kind = PAIN_SAID.test(text) ? 'pain' : first.kind;
  const part = first.part.replace(
    /^(knees|ankles|hips|shoulders|wrists|elbows|hands|feet|legs|arms)$/,
    (p) => (p === 'feet' ? 'foot' : p.slice(0, -1)),
  );
  if (part === 'chest' || part === 'stomach' || part === 'belly' || part === 'head') return null;
  return `${first.side ? `${first.side} ` : ''}${part} ${kind}`;
}

/**
 * A knee injured or swollen is the knee's pain when the consultation says it hurts ("it hurts
 * like in the inside of my knee"; not "does your knee hurt?" answered no): the complaint is named
 * as the patient felt it, and pain is never written where nobody said it.
 */
function painWhereSaid(complaint: string | null, utterances: readonly Utterance[]): string | null {
  const m = complaint ? /^(.*?)([a-z]+) (?:injury|swelling)$/.exec(complaint) : null;
  if (!m?.[2]) return complaint;
  const part = new RegExp(`\\b${m[2]}s?\\b`);
  const hurts = utterances.some(
    (u) => u.answer?.polarity !== 'no' && PAIN_SAID.test(u.text) && part.test(u.text),
  );
  return hurts ? `${m[1] ?? ''}${m[2]} pain` : complaint;
}

// --- medications --------------------------------------------------------------------------------

const DOSE =
  /\b(\d+(?:,\d{3})*(?:\.\d+)?)\s?(mg|mcg|micrograms?|milligrams?|units?|ml|g|grams?|%)(?![a-z])/;
const FREQUENCY =
  /\b(?:once|twice|three times|four times|\d+ times|one time|two times)(?: a| per)? (?:day|daily|week|weekly|month|night)\b|\b(?:once|twice) daily\b|\b(?:every|each) (?:\d+(?:-\d+)? )?(?:hours?|morning|night|evening|day|other day|week|\d+ hours)\b|\bdaily\b|\bnightly\b|\bweekly\b|\bat (?:night|bedtime)\b|\bin the (?:morning|evening)\b|\bas needed\b|\bprn\b|\bbid\b|\btid\b|\bqid\b|\bq\.?d\.?\b|\bevery \d+ to \d+ hours\b|\ba day\b/;

const NOT_DRUG_BEFORE_DOSE = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'at',
  'on',
  'about',
  'your',
  'my',
  'his',
  'her',
  'and',
  'or',
  'is',
  'was',
  'be',
  'by',
  'from',
  'take',
  'taking',
  'with',
  'increase',
  'decrease',
  'it',
  'that',
  'this',
  'those',
  'these',
  'some',
  'like',
  'around',
  'approximately',
  'maybe',
  'only',
  'just',
  'up',
  'down',
  'for',
  'in',
  'are',
  'were',
  'me',
  'you',
  'him',
  'them',
]);

interface MedicationMention {
  name: string;
  dose: string | null;
  frequency: string | null;
  /** Where the name is in the text. */
  index: number;
}

function medicationsIn(text: string): MedicationMention[] {
  const found: MedicationMention[] = [];
  const seen = new Set<string>();
  MEDICATION_RE.lastIndex = 0;
  for (let m = MEDICATION_RE.exec(text); m !== null; m = MEDICATION_RE.exec(text)) {
    const name = m[0];
    if (seen.has(name)) continue;
    seen.add(name);
    const after = text.slice(m.index + name.length, m.index + name.length + 60);
    const dose = DOSE.exec(after.slice(0, 30));
    const freq = FREQUENCY.exec(after);
    // Dose given before the name: "50 mg of ultram".
    const before = text.slice(Math.max(0, m.index - 25), m.index);
    const doseBefore = /(\d+(?:\.\d+)?)\s?(mg|mcg|units?|ml|g)\s+(?:of\s+)?$/.exec(before);
    found.push({
      name,
      dose: dose
        ? `${dose[1]} ${unitOf(dose[2] ?? '')}`
        : doseBefore
          ? `${doseBefore[1]} ${unitOf(doseBefore[2] ?? '')}`
          : null,
      frequency: freq ? freq[0] : null,
      index: m.index,
    });
  }
  // Unknown drug names: "<word> 40 mg".
  const unknown = /\b([a-z][a-z-]{3,})\s+(\d+(?:\.\d+)?)\s?(mg|mcg|units?)\b/g;
  for (let m = unknown.exec(text); m !== null; m = unknown.exec(text)) {
    const name = m[1] ?? '';
    if (seen.has(name) || NOT_DRUG_BEFORE_DOSE.has(name) || /ing$|ed$/.test(name)) continue;
    if (CONDITION_RE.test(name)) continue;
    seen.add(name);
    const freq = FREQUENCY.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 40));
    found.push({
      name,
      dose: `${m[2]} ${unitOf(m[3] ?? '')}`,
      frequency: freq ? freq[0] : null,
      index: m.index,
    });
  }
  return found;
}

function unitOf(unit: string): string {
  if (/^milligram/.test(unit)) return 'mg';
  if (/^microgram/.test(unit)) return 'mcg';
  if (/^gram/.test(unit)) return 'g';
  if (/^unit/.test(unit)) return 'units';
  return unit;
}

// --- vitals -------------------------------------------------------------------------------------

function vitalsIn(text: string): Omit<VitalFact, 'readInExam'>[] {
  const found: Omit<VitalFact, 'readInExam'>[] = [];
  const bp = /\b(?:blood pressure|bp)\b[^.?!]{0,160}?\b(\d{2,3})\/(\d{2,3})\b/.exec(text);
  if (bp) found.push({ label: 'Blood pressure', value: `${bp[1]}/${bp[2]} mmHg` });
  const hr = /\b(?:heart rate|pulse)\b[^.?!\d]{0,60}?\b(\d{2,3})\b/.exec(text);
  if (hr && !/\d\/\d/.test(hr[0])) found.push({ label: 'Heart rate', value: `${hr[1]} bpm` });
  // Rates under twenty stay words after normalising ("your respirations are eighteen").
  const rr =
    /\b(?:respiratory rate|respirations?|resp rate)\b[^.?!\d]{0,30}?\b(\d{1,2}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b/.exec(
      text,
    );
  if (rr?.[1]) {
    const rate = ONES[rr[1]] ?? Number(rr[1]);
    found.push({ label: 'Respiratory rate', value: `${rate} breaths per minute` });
  }
  const temp =
    /\b(?:temperature|temp|fever of|running a fever)\b[^.?!\d]{0,30}?\b(\d{2,3}(?:\.\d)?)\b/.exec(
      text,
    ) ?? /\b(9\d\.\d|10[0-4]\.\d)\b/.exec(text);
  if (temp?.[1]) {
    const value = Number(temp[1]);
    if (value >= 35 && value <= 43) found.push({ label: 'Temperature', value: `${temp[1]} °C` });
    else if (value >= 94 && value <= 108)
      found.push({ label: 'Temperature', value: `${temp[1]} °F` });
  }
  const spo2 =
    /\b(?:oxygen(?: saturation| sat| level)?|o2 sat(?:uration)?|saturation|sats|pulse ox(?:imetry)?|spo2)\b[^.?!\d]{0,30}?\b(\d{2,3})\s?%?/.exec(
      text,
    );
  if (spo2?.[1] && Number(spo2[1]) >= 70 && Number(spo2[1]) <= 100) {
    found.push({ label: 'SpO2', value: `${spo2[1]}%` });
  }
  // "your peak flow is 350, which is about 70% of your best": litres a minute, and the share of
  // the patient's best when it was said.
  const peakFlow = /\bpeak (?:expiratory )?flow\b[^.?!\d]{0,30}?\b(\d{2,3})\b([^.?!]{0,60})/.exec(
    text,
  );
  if (peakFlow?.[1] && Number(peakFlow[1]) >= 50 && Number(peakFlow[1]) <= 900) {
    const ofBest =
      /\b((?:about |around |roughly )?\d{2,3})% of (?:your|her|his|their|the patient's) best\b/.exec(
        peakFlow[2] ?? '',
      );
    found.push({
      label: 'Peak flow',
      value: `${peakFlow[1]} L/min${ofBest?.[1] ? ` (${ofBest[1]}% of best)` : ''}`,
    });
  }
  const weight =
    /\b(?:weight is|weigh(?:s|ed|ing)?|weight of|weight)\b[^.?!\d]{0,20}?\b(\d{2,3}(?:\.\d)?)\s?(pounds|lbs?|kg|kilos?|kilograms?)\b/.exec(
      text,
    );
  if (weight?.[1]) {
    const unit = /^(?:pounds|lbs?)$/.test(weight[2] ?? '') ? 'lb' : 'kg';
    found.push({ label: 'Weight', value: `${weight[1]} ${unit}` });
  }
  return found;
}

// --- chief complaint ----------------------------------------------------------------------------

function cleanComplaint(phrase: string): string {
  return (
    phrase
      .replace(/\b(?:his|her|my|your|their|the|some|a|an)\b\s*/g, (w) =>
        /^(?:a|an|some)\b/.test(w) ? '' : w.startsWith('the') ? '' : '',
      )
      .replace(
        /\b(?:today|right now|here|again|please|as well|for me|with me|to me|in here|a little bit|a bit)\b/g,
        '',
      )
      .replace(/\s+/g, ' ')
      .replace(/[,.\s]+$/, '')
      // Unpunctuated, "… with back pain so james | what happened": the turn to the patient by name.
      .replace(/\s+so(?:\s+[a-z]+)?$/, '')
      .trim()
  );
}

function limitWords(text: string, max: number): string {
  const words = text.split(' ');
  return words.length <= max ? text : words.slice(0, max).join(' ');
}

/** Which side a body part is on, from "left knee" mentions and "left or right?" answers. */
function sideOf(part: string, utterances: readonly Utterance[]): 'left' | 'right' | null {
  let left = 0;
  let right = 0;
  const stem = part.replace(/s$/, '');
  const mention = new RegExp(`\\b(left|right) ${stem}s?\\b`, 'g');
  for (const u of utterances) {
    for (const m of u.text.matchAll(mention)) {
      if (m[1] === 'left') left += 1;
      else right += 1;
    }
    if (
      u.question &&
      u.answer &&
      new RegExp(`\\b${stem}`).test(u.text) &&
      /\b(?:left or right|right or left|which (?:one|side))\b/.test(u.text)
    ) {
      const a = /\b(left|right)\b/.exec(u.answer.content)?.[1];
      if (a === 'left') left += 3;
      if (a === 'right') right += 3;
    }
  }
  if (left > right) return 'left';
  if (right > left) return 'right';
  return null;
}

function withSide(phrase: string, utterances: readonly Utterance[]): string {
  if (/\b(?:left|right|both|bilateral)\b/.test(phrase)) return phrase;
  const part = BODY_PART_PATTERN.exec(phrase);
  if (!part?.[2]) return phrase;
  const side = sideOf(part[2], utterances);
  return side ? phrase.replace(part[2], `${side} ${part[2]}`) : phrase;
}

function detectChiefComplaint(c: Omit<Consultation, 'chiefComplaint'>): string | null {
  const found = findChiefComplaint(c);
  if (!found) return null;
  let phrase = found;
  // "you injured your wrist" → "wrist injury"; a bare body part becomes "<part> pain".
  const bare = BODY_PART_PATTERN.exec(phrase);
  if (bare && bare[0] === phrase.replace(/^(?:left|right) /, '')) phrase = `${phrase} pain`;
  return withSide(phrase, c.utterances);
}

/**
 * Words that show a captured phrase ran on into the next question or remark ("hurt right knee
 * tell me about what happened"): a reason for visit never holds them (issue 12).
 */
const QUESTION_RESIDUE =
  /\?|\b(?:tell me|did you|do you|have you|are you|can you|could you|you say|say that|saying|what|how|when|where|why|which|looks like|sounds like|you|your|i|me|my)\b/;

/** A capture that stopped on a verb ("i understand you have so you have got …" → "have"). */
const NOT_A_REASON =
  /^(?:have|has|had|got|get|been|be|is|are|was|were|do|does|did|so|just|like|going|gone|come|coming|here|there|now|okay)$/;

/** A known condition said to be worse: "my asthma has been worse", "my eczema is flaring up". */
const CONDITION_WORSE =
  /\bmy ([a-z]+(?: [a-z]+)?) (?:has been|is|has got|got|has gotten|keeps) (?:a lot |much |really |quite )?(?:worse|bad|flaring(?: up)?|playing up)\b/;

function findChiefComplaint(c: Omit<Consultation, 'chiefComplaint'>): string | null {
  const clinician = c.utterances.filter((u) => u.role === 'clinician' && u.phase === 'history');
  const patterns: RegExp[] = [
    /\bpresents?(?: today| to the clinic| to clinic| here| in clinic)*(?: for| with)(?: an? | the )?(?:evaluation of |evaluation for |follow-?up (?:of|on|for) )?(.+?)(?:\.|,|$| and (?:he|she|i|we))/,
    /\b(?:referred|sent)(?: to me| to us| in)?(?: by [a-z. ]+?)? (?:for|because of|due to) (?:an? |the )?(?:evaluation of |evaluation for )?(.+?)(?:\.|,|$)/,
    /\b(?:here|in) today (?:for|because of|to discuss|to talk about|about) (?:an? |the |your )?(.+?)(?:\.|,|$| and )/,
    /\b(?:i|we) (?:see|hear|understand|heard|saw|noticed) (?:that |here that )?(?:you (?:have |had )?(?:injured|hurt|twisted|sprained|broke|fractured|cut|burned|burnt)) (?:your |the |a |an )?([a-z]+(?: [a-z]+)?)(?=\.|,|$| and | so | could | can | is that| when| while| at| playing| doing| yesterday| last)/,
    /\b(?:i|we) (?:see|hear|understand|heard|saw|noticed|read)(?: (?:with|in|on|from) (?:your|the) (?:notes?|chart|referral|records?))? (?:that |here that )?(?:you are|you have been|you have|you were|you|your) (?:having |experiencing |dealing with |here for |in for |got )?(?:some |an? |the )?(.+?)(?:\.|,|$| and | so | could | can | is that)/,
    // What the nurse or the referrer said the visit is for.
    /\b(?:the (?:nurse|medical assistant|ma|front desk)|your (?:doctor|pcp|primary care (?:doctor|physician|provider))) (?:told me|said|mentioned|tells me|says) (?:that )?(?:you are|you have been|you have|you were|you) (?:having |experiencing |dealing with )?(?:some |an? |the )?(.+?)(?:\.|,|$| and | so | is that| is it)/,
    /\b(?:you are|you have been|you were) (?:here|in|coming in) (?:today )?(?:and )?(?:for|because of|with) (?:an? |the |your |some )?(?:evaluation of |evaluation for )?(?:an? |the |your )?(.+?)(?:\.|,|$| and | so )/,
    /\b(?:follow-?up (?:of|on|for)) (?:your |his |her |the )?(.+?)(?:\.|,|$| and )/,
  ];
  for (const u of clinician.slice(0, 30)) {
    for (const re of patterns) {
      const m = re.exec(u.text);
      if (m?.[1]) {
        let phrase = cleanComplaint(m[1]);
        if (
          /\b(?:injured|hurt|twisted|sprained|broke|fractured)\b/.test(m[0]) &&
          BODY_PART_PATTERN.test(phrase)
        ) {
          phrase = `${phrase} injury`;
        }
        if (/follow-?up (?:of|on|for)/.test(m[0]) && !/^follow/.test(phrase)) {
          phrase = `follow-up of ${phrase}`;
        }
        if (
          wordCount(phrase) >= 1 &&
          wordCount(phrase) <= 12 &&
          !/^(?:you|it|that|this|what|how)\b/.test(phrase) &&
          !NOT_A_REASON.test(phrase) &&
          !QUESTION_RESIDUE.test(phrase)
        ) {
          return limitWords(phrase, 10);
        }
      }
    }
  }
  // The patient says why they came: "i am here ... to quit smoking", "i came in because of ...".
  for (const u of c.utterances.filter((x) => x.role === 'patient').slice(0, 6)) {
    const m =
      /\b(?:i am here|i came in|i am in|i wanted to come in|i am coming in)\b(?: today)?(?: [a-z]+){0,4}? (?:to|for|because of|about) (?:an? |the |my |some )?(.+?)(?:\.|,|$| and | but | because )/.exec(
        u.text,
      );
    const phrase = m?.[1] ? cleanComplaint(m[1]) : '';
    if (phrase && wordCount(phrase) <= 6 && !QUESTION_RESIDUE.test(phrase)) {
      return /^quit smoking$|^stop smoking$/.test(phrase) ? 'smoking cessation' : phrase;
    }
  }
  // The patient's answer to "what brings you in?".
  for (const u of clinician.slice(0, 20)) {
    if (
      !/\b(?:what brings you|what has brought you|what brought you|what is going on|what can i do for you|how can i help|what seems to be|what happened|tell me (?:a little )?(?:bit )?about|what is bringing you)\b/.test(
        u.text,
      )
    )
      continue;
    const answer = u.answer?.content;
    if (!answer) continue;
    // "my asthma has been worse since i had a cold": the known condition worse, not its cough.
    const worse = CONDITION_WORSE.exec(answer);
    if (worse?.[1] && countMatches(CONDITION_RE, worse[1]) > 0) return worse[1];
    const pain = painWhereSaid(localisedPain(answer), c.utterances);
    if (pain) return pain;
    const symptom = symptomsIn(answer).find((s) => !s.negated);
    if (symptom) return symptom.canonical;
  }
  // The clinician's one-liner: "a 56-year-old male here with abnormal lab findings", "who comes
  // in for evaluation of a new right eye twitch" — what the visit is for, before any symptom
  // the history happens to mention first.
  for (const u of clinician.slice(0, 10)) {
    const m = ONE_LINER_REASON.exec(u.text);
    const phrase = m?.[1] ? cleanComplaint(m[1]) : '';
    if (phrase && wordCount(phrase) <= 8 && !QUESTION_RESIDUE.test(phrase)) return phrase;
  }
  const first =
    c.symptoms.find((s) => s.present && / pain$/.test(s.canonical)) ??
    c.symptoms.find((s) => s.present);
  // Never a pain asked about and not confirmed: "any fever or pain in your back?" "no" was
  // written as the reason for the visit ("presents today for evaluation of back pain"). A
  // question that names the patient's pain ("so your right foot has been hurting?") still counts.
  const screened = (u: Utterance) =>
    u.question &&
    /^(?:(?:and|so|okay|also|now),? )*(?:any|do you have any|have you (?:had|got|noticed) any|is there any)\b/.test(
      u.text,
    ) &&
    u.answer?.polarity !== 'yes';
  const denied = (pain: string) =>
    c.symptoms.some((s) => s.canonical === pain && !s.present) &&
    !c.symptoms.some((s) => s.canonical === pain && s.present);
  const pains = c.utterances
    .filter((u) => u.phase === 'history' && !screened(u))
    .map((u) => painWhereSaid(localisedPain(u.text), c.utterances))
    .filter((p): p is string => p !== null && !denied(p));
  if (pains[0]) return pains[0];
  if (first) return first.canonical;
  return null;
}

const ONE_LINER_REASON =
  /\b(?:year[- ]old|gentleman|lady|woman|man|female|male)\b[^.?]*?\b(?:who is |who's |is )?(?:here|comes? in|coming in)(?: today)? (?:for|with) (?:an? |the |his |her )?(?:evaluation of |evaluation for )?(?:an? |new )*(.+?)(?:\.|,|$| and | so | who )/;

/** A clinician statement that reports the patient's symptoms ("you have been having ..."). */
const CLINICIAN_REPORTS =
  /\b(?:you (?:have|are having|have been having|had|were having|mentioned|said|reported|told|described|complain\w*|are experiencing|have been experiencing|are endorsing|were endorsing|endorsed|also have)|(?:he|she|the patient) (?:has|is having|has been having|reports|complains|endorses|denies|presents)|presents? (?:today )?with|complaining of|history of)\b/;

const FAREWELL =
  /\b(?:bye|goodbye|good bye|have a (?:good|great|nice|wonderful) (?:day|one|weekend|afternoon|evening)|take care|see you (?:then|soon|next time)|you too)\b/;

/**
 * What the clinician dictates after the patient has left ("this is christina cooper, a 65-year-old
 * female ...; her blood work revealed ...") is already written in the third person and summarises
 * results and plan: it is kept, and filed by what it talks about.
 */
function markDictation(utterances: Utterance[]): void {
  let lastPatient = -1;
  let farewell = -1;
  utterances.forEach((u, i) => {
    if (u.role !== 'clinician') lastPatient = i;
    if (FAREWELL.test(u.text)) farewell = i;
  });
  if (farewell < 0 || farewell < lastPatient - 1) return;
  for (let i = Math.max(lastPatient, farewell) + 1; i < utterances.length; i += 1) {
    const u = utterances[i];
    if (!u || u.role !== 'clinician' || u.question) continue;
    u.dictation = true;
    TEST_RE.lastIndex = 0;
    const finding =
      (TEST_RE.test(u.text) &&
        /\b(?:reveal|show|demonstrat|appears?|was|were|came back|low|high|normal|elevated)\w*/.test(
          u.text,
        )) ||
      /\b(?:angulation|fragment|alignment|opacity|consolidation|effusion|extra-articular|intra-articular|displaced|nondisplaced|fracture (?:appears|is present)|is present)\b/.test(
        u.text,
      );
    u.phase = finding ? 'results' : 'plan';
    TEST_RE.lastIndex = 0;
  }
}

/**
 * The assertion stage has the last word on a symptom's polarity (issue 21): a symptom is written as
 * present only where the transcript affirms it at least once, and as denied only where it is denied
 * at least once. What the pass above read from speakers and question/answer pairs can be wrong when
 * the transcript has neither (speech-to-text), and a note must never say the opposite of what was
 * said; the safety check applies the same stage to every note.
 */
function symptomsBorneOut(
  symptoms: SymptomFact[],
  assertions: AssertionText,
  utterances: readonly Utterance[],
  confidence: readonly ConfidenceToken[],
): SymptomFact[] {
  const speakers = assertions.tokens.some((t) => t.speaker !== null);
  // Without speakers, a mention with no cue at all ("and the vomiting mohammad to") is read as
  // affirmed only because nothing says otherwise. When the recogniser was unsure of those very
  // words, that is no one saying they have it (the misheard "any vomiting? no vomiting" of the
  // denials test): such a mention neither affirms nor denies (issue 24).
  // So is one whose own words were heard but the two before them were not: "no nausea" heard as
  // "at the nausea" leaves a bare mention whose cue, if there was one, is lost.
  const justBefore = (m: Mention) => {
    const first = assertions.tokens.findIndex((t) => t.start >= m.start);
    const from = assertions.tokens[Math.max(0, first - 2)]?.start ?? m.start;
    return { start: from, end: m.start };
  };
  const misheardBareMention = (m: Mention) =>
    !speakers &&
    m.assertion === 'affirmed' &&
    m.cue === null &&
    (restsOnUncertainWords(spanConfidence(confidence, [{ start: m.start, end: m.end }])) ||
      (m.start > 0 && restsOnUncertainWords(spanConfidence(confidence, [justBefore(m)]))));
  const verdicts = new Map<
    string,
    { affirmed: boolean; negated: boolean; heard: boolean } | null
  >();
  const verdictOf = (phrase: string) => {
    if (!verdicts.has(phrase)) {
      const all = findingMentions(assertions, phrase);
      const mentions = all.filter((m) => !misheardBareMention(m));
      verdicts.set(
        phrase,
        all.length > 0
          ? {
              affirmed: mentions.some((m) => m.assertion === 'affirmed'),
              negated: mentions.some((m) => m.assertion === 'negated'),
              heard: mentions.length > 0,
            }
          : null,
      );
    }
    return verdicts.get(phrase) ?? null;
  };
  return symptoms.flatMap((s) => {
    // A localised pain is built from several words ("my left knee hurts"), not one term.
    const verdict = verdictOf(s.term ?? s.canonical) ?? (s.term ? verdictOf(s.canonical) : null);
    if (s.unanswered) {
      const { unanswered: _, ...fact } = s;
      return verdict?.negated && !verdict.affirmed ? [{ ...fact, present: false }] : [];
    }
    if (!verdict) return [s];
    // Named only in words the recogniser was unsure of: nothing to write either way.
    if (!verdict.heard) return [];
    // Affirmed once and denied once ("better today, worse last week"): with speakers, the pass's
    // pairing of questions and answers stands; without, nothing tells which was the patient's.
    if (verdict.affirmed && verdict.negated) return speakers ? [s] : [];
    // Only asked about, with no answer the stage can read: neither present nor denied.
    if (!verdict.affirmed && !verdict.negated) return [];
    if (verdict.affirmed === s.present) return [s];
    // The stage read the very words the pass read ("any chest pain ... no") the other way: the
    // stage is right. Read from other words ("my left knee has been hurting" against "no fracture
    // for your left knee pain"), the two disagree and neither is written.
    const sameWords = utterances[s.utteranceId]?.text.includes(s.term ?? s.canonical) ?? false;
    return sameWords ? [{ ...s, present: verdict.affirmed }] : [];
  });
}

// --- the pass -----------------------------------------------------------------------------------

/**
 * A reaction described with an allergy ("penicillin gives me a rash") is neither a symptom today
 * nor a medicine taken.
 */
function isAllergyTalk(u: Utterance): boolean {
  return (
    /\ballerg|\breaction\b|\bgives (?:me|him|her|them) (?:a |an )?(?:rash|hives)/.test(u.text) ||
    (u.answers ?? []).some((q) => /\ballerg/.test(q.text))
  );
}

/** The clinician introducing the patient in the third person. */
function readOneLiner(draft: ConsultationDraft, u: Utterance): void {
  if (
    !draft.oneLiner &&
    u.role === 'clinician' &&
    /\b\d+-year-old\b/.test(u.text) &&
    /\b(?:presents?|here|comes?|coming|with|who|referred|history)\b/.test(u.text) &&
    !/\byou\b/.test(u.text)
  ) {
    draft.oneLiner = u.text;
  }
}

/** Before a mention: it sits in a list of past conditions, up to what the patient is here with. */
const IN_HISTORY_LIST =
  /\bhistory (?:significant for|of|includes?)\b(?:(?!\b(?:who|presents?|presenting|here|complain\w*|with|today|now|but)\b)[^.;?])*$/;

/** Symptoms: statements carry their own negation; a question takes the answer's polarity. */
/** Said of a symptom after it: it is over ("but that has gone", "it went away"). */
const RESOLVED_SINCE =
  /\b(?:(?:that|it|this|they) (?:has|have|is|are) (?:all )?(?:gone|settled|resolved|cleared up|better now)|went away|gone away|cleared up|has resolved)\b/;

function readSymptoms(draft: ConsultationDraft, u: Utterance): void {
  if (isAllergyTalk(u) || (u.phase !== 'history' && u.phase !== 'exam')) return;
  if (u.question && u.answer) {
    const answerMentions = u.answer.utterances.flatMap((a) => symptomsIn(a.text));
    const answerSymptoms = new Set(answerMentions.map((s) => s.canonical));
    const polarity = u.answer.polarity;
    for (const s of symptomsIn(u.text)) {
      // The answer speaks for itself about what it names (read as the patient's statement);
      // "body aches, joint pain?" "a bit of joint pain": nothing said of the body aches.
      if (answerSymptoms.has(s.canonical)) continue;
      if (polarity === 'no') {
        draft.symptoms.push({
          canonical: s.canonical,
          term: s.term,
          system: s.system,
          present: false,
          utteranceId: u.id,
        });
      } else if (
        polarity === 'yes' ||
        (polarity === 'unclear' && answerSymptoms.size === 0 && wordCount(u.answer.content) > 0)
      ) {
        draft.symptoms.push({
          canonical: s.canonical,
          term: s.term,
          system: s.system,
          present: answerSymptoms.size === 0,
          utteranceId: u.id,
          ...(answerSymptoms.size > 0 ? { unanswered: true } : {}),
        });
      }
    }
  } else if (
    !u.question &&
    (u.role === 'patient' ||
      u.role === 'other' ||
      (u.phase === 'history' && CLINICIAN_REPORTS.test(u.text)))
  ) {
    for (const s of symptomsIn(u.text)) {
      // "a past medical history significant for kidney stones, migraines and reflux, who presents
      // with back pain": the migraines are a past condition, not a headache today.
      if (IN_HISTORY_LIST.test(u.text.slice(0, s.index))) continue;
      // "a bit of nausea in the first week, but that has gone": not a symptom today.
      if (RESOLVED_SINCE.test(u.text.slice(s.index))) continue;
      draft.symptoms.push({
        canonical: s.canonical,
        term: s.term,
        system: s.system,
        present: !s.negated,
        utteranceId: u.id,
      });
    }
    const pain =
      u.role === 'patient' ? painWhereSaid(localisedPain(u.text), draft.utterances) : null;
    if (pain && !/\b(?:no|not|never)\b/.test(u.text)) {
      draft.symptoms.push({
        canonical: pain,
        system: 'Musculoskeletal',
        present: true,
        utteranceId: u.id,
      });
    }
  }
}

/**
 * "try not to take any ibuprofen", "i stopped taking the birth control", "we want to avoid going
 * to insulin". A medicine the plan stops ("we will stop the norvasc", "get you off your
 * clopidogrel") is still one the patient takes today.
 */
const NOT_TAKEN_BEFORE =
  /\b(?:(?:not|never|no longer)(?: been)? (?:to )?(?:take|taking|taken|took|on|using|use|used|started on)|stopped(?: taking| using)?|quit(?: taking)?|avoid(?:ing)?(?: going to| taking| using)?|instead of)\b[^,.;?]{0,20}$/;
/** "penicillin or, i am sorry, amoxicillin": the first name was a slip. */
const CORRECTED_AFTER = /^\s*,?\s*(?:or\s*,?\s*)?(?:i am sorry|sorry|i mean|excuse me)\b/;
/** A question naming medicines as examples: "do you take anything like advil or motrin?" */
const EXAMPLES_BEFORE = /\b(?:any|anything)\b[^.?]*\b(?:like|such as|for example)\b[^.?]*$/;

/**
 * Medicines the patient takes or is given, with dose and frequency, wherever they are named; not
 * one named only to be avoided or stopped, corrected in the same breath, or offered as an example
 * in a question the patient did not answer yes to.
 */
function readMedications(draft: ConsultationDraft, u: Utterance): void {
  if (isAllergyTalk(u)) return;
  for (const { index, ...med } of medicationsIn(u.text)) {
    const before = u.text.slice(Math.max(0, index - 40), index);
    // Unpunctuated speech may be cut right after the slip: "…with penicillin | i am sorry…".
    const next = draft.utterances.find((x) => x.id === u.id + 1)?.text ?? '';
    const after = `${u.text.slice(index + med.name.length)} ${next}`;
    if (NOT_TAKEN_BEFORE.test(before) || CORRECTED_AFTER.test(after)) continue;
    const asked = u.text.slice(0, index);
    if (u.question && u.answer?.polarity !== 'yes' && EXAMPLES_BEFORE.test(asked)) continue;
    draft.medications.push({ ...med, utteranceId: u.id, phase: u.phase });
  }
}

/** Allergies named, and "no known allergies" said or answered. */
function readAllergies(draft: ConsultationDraft, u: Utterance): void {
  const allergy =
    /\ballergic to ([a-z0-9 -]+?)(?:[,.]|$| and (?:i|it|he|she|that)| but | which | so )/.exec(
      u.text,
    ) ??
    /\ballerg(?:y|ies) to ([a-z0-9 -]+?)(?:[,.]|$| and (?:i|it|he|she|that)| but | which | so )/.exec(
      u.text,
    );
  if (allergy?.[1] && !/\b(?:not|no|never)\b/.test(u.text.slice(0, allergy.index))) {
    draft.allergies.push(allergy[1].replace(/^(?:a |an |the )/, '').trim());
  }
  if (/\bno (?:known )?(?:drug |medication )?allergies\b|\bnkda\b/.test(u.text))
    draft.noKnownAllergies = true;
  if (u.question && /\ballerg/.test(u.text) && u.answer) {
    if (u.answer.polarity === 'no') draft.noKnownAllergies = true;
    else {
      const named =
        medicationsIn(u.answer.content)[0]?.name ??
        /\b(?:to )?([a-z]+(?:cillin|mycin|sulfa|codeine|morphine|latex|peanuts?|shellfish|eggs?|bees?|iodine|aspirin|nsaids))\b/.exec(
          u.answer.content,
        )?.[1];
      if (named) draft.allergies.push(named);
    }
  }
}

/** Vital signs the clinician reads out, and "your vitals look good". */
function readVitals(draft: ConsultationDraft, u: Utterance): void {
  if (u.role === 'clinician') {
    for (const v of vitalsIn(u.text)) {
      const fact = { ...v, readInExam: u.phase === 'exam' };
      const known = draft.vitals.findIndex((x) => x.label === v.label);
      if (known < 0) draft.vitals.push(fact);
      // "Your blood pressure was 200/90 in the hospital" gives way to today's reading.
      else if (fact.readInExam && !draft.vitals[known]?.readInExam) draft.vitals[known] = fact;
    }
    if (
      /\b(?:vital signs|vitals)\b[^.]*\b(?:look|looks|are|were|is)\b[^.]*\b(?:good|great|normal|fine|stable|okay|ok|unremarkable)\b/.test(
        u.text,
      )
    ) {
      draft.vitalsNormal = true;
    }
  }
}

/** When the clinician wants to see the patient again. */
function readFollowUp(draft: ConsultationDraft, u: Utterance): void {
  if (u.role === 'clinician' && !draft.followUp) {
    const f =
      /\b(?:see you|follow up|follow-up|come back|check in|recheck|return|have you come back|get you back|bring you back)\b(?: with me| again| back| here)*\s+(?:in|after)\s+((?:about |another |a |an |the next )?(?:\d+(?:-\d+)?|a couple(?: of)?|a few|couple|few|one|two|three|four|six)?\s*(?:days?|weeks?|months?|years?))\b/.exec(
        u.text,
      );
    if (!f?.[1]) return;
    // "come back in 2 weeks if it is not better", "if it gets worse, come back in a week": a
    // safety net, said as it was in the plan; "Follow up in 2 weeks." would book what nobody did.
    const conditional =
      /^,?\s*(?:if|unless|should|in case|only if|when)\b/.test(
        u.text.slice(f.index + f[0].length),
      ) ||
      /^(?:(?:and|so|but|okay|alright),? )?(?:if|unless|should)\b(?!.*\b(?:otherwise|then)\b)/.test(
        u.text.slice(0, f.index),
      );
    if (!conditional) draft.followUp = f[1].trim();
  }
}

/** The patient agreeing with the plan (a bare "okay" acknowledges; it is not agreement). */
function readAgreement(draft: ConsultationDraft, u: Utterance): void {
  if (
    u.role === 'clinician' &&
    u.question &&
    /\b(?:sound (?:good|okay|like a plan|fine)|does that sound|any (?:other )?questions|okay with that|agree)\b/.test(
      u.text,
    ) &&
    u.answer &&
    u.answer.polarity !== 'no' &&
    !/\?/.test(u.answer.content) &&
    // A bare "okay" acknowledges; it is not agreement (issue 12).
    u.answer.utterances.some((a) =>
      /\b(?:yes|yeah|yep|sounds? (?:good|great|fine|like a plan|okay)|i agree|that works|that is fine|perfect)\b/.test(
        a.text,
      ),
    )
  ) {
    draft.agreed = true;
  }
  if (
    u.role === 'patient' &&
    u.phase === 'plan' &&
    /\b(?:sounds (?:good|great|like a plan|fine|okay)|that is fine|okay with that|i agree|that works)\b/.test(
      u.text,
    )
  ) {
    draft.agreed = true;
  }
}

/** Chronic conditions named while taking the history. */
const FAMILY_WORDS =
  /\b(?:mom|mum|mother|dad|father|brother|sister|grandm\w*|grandf\w*|grandpa|grandma|aunt|uncle|cousin|family|son|daughter|wife|husband|parents?)\b/;

/** The clinician's word on today's diagnosis, as said ("i think this is …", "i think your
 * headaches are from …", "my impression is …"). */
const I_THINK_IT_IS =
  'i (?:think|believe|suspect) (?:that )?(?:(?:this|that|it|you) (?:is|has|have|are|might be|may be|could be)|(?:these|those|they) are)';
const I_THINK_IT_IS_FROM =
  'i (?:think|believe|suspect) (?:that )?(?:your|the) [a-z]+(?: [a-z]+)? (?:is|are) (?:probably |likely |most likely )?(?:from|due to|caused by|because of)';
const MY_WORD_IS = 'my (?:impression|diagnosis|assessment) is';
/**
 * "this is a sprain", "this is probably tonsillitis", "it is probably a viral infection": said
 * plainly, with the condition next ("it is" only with the hedge: "it is a bit sore" names nothing).
 */
const THIS_IS =
  "(?:this is (?:(?:probably|likely|most likely|definitely) )?|it(?: is|'s) (?:probably|likely|most likely) )(?!(?:my|your|his|her|the)\\b)(?:a |an )?(?=[a-z])";

/**
 * "it looks like a muscular strain": the condition itself after the cue. "it looks like your
 * x-ray …", "it looks like you had …" read out records and results instead.
 */
const IT_LOOKS_LIKE =
  "it (?:looks|sounds) like (?!(?:you|your|you've|you're|he|she|they|there|the|his|her|their|we|i)\\b)";

/** What the patient has today, as a diagnosis is said ("i think this is …", "consistent with …"). */
const DIAGNOSIS_TODAY = new RegExp(
  `\\b(?:${I_THINK_IT_IS}|(?:this|that) (?:looks|sounds) like|${IT_LOOKS_LIKE}|consistent with|${MY_WORD_IS}|${I_THINK_IT_IS_FROM}|${THIS_IS})`,
);

/** The clinician's own word on today's diagnosis ("this looks like influenza"); "consistent
 * with" also reads out records and results, so it does not count here. */
const DIAGNOSIS_STATED = new RegExp(
  `\\b(?:${I_THINK_IT_IS}|this (?:looks|sounds) like|${IT_LOOKS_LIKE}|${MY_WORD_IS}|${I_THINK_IT_IS_FROM}|${THIS_IS})`,
);

const CONTROL_STATED = new RegExp(`\\b${CONTROL_STATED_SOURCE}`);

function statesControl(text: string): boolean {
  const said = CONTROL_STATED.exec(text);
  if (!said?.[1]) return false;
  CONDITION_RE.lastIndex = 0;
  const named = CONDITION_RE.test(said[1]);
  CONDITION_RE.lastIndex = 0;
  return named || /^(?:blood pressure|sugars?|blood sugars?|pain|symptoms)$/.test(said[1]);
}

/** "i think this is carpal tunnel syndrome": a condition named as what the patient has today. */
function statesDiagnosis(text: string): boolean {
  const said = DIAGNOSIS_STATED.exec(text);
  if (!said) return false;
  // The condition within a few words of the cue ("i think this is more of a muscular sprain"),
  // not somewhere further on in a run-on sentence ("i think that is it … any family history of
  // breast cancer").
  const after = text.slice(said.index + said[0].length);
  CONDITION_RE.lastIndex = 0;
  const named = CONDITION_RE.exec(after);
  CONDITION_RE.lastIndex = 0;
  if (named !== null && wordCount(after.slice(0, named.index)) <= 3) return true;
  // "i think these are palpitations from the caffeine", "this is likely a post viral cough": what
  // the symptoms are, named ("this is a lot of pain" names nothing).
  if (!/\b(?:these|those|they) are $/.test(`${said[0]} `) && !/^this is\b/.test(said[0]))
    return false;
  const symptom = symptomsIn(after)[0];
  const before = symptom === undefined ? '' : after.slice(0, symptom.index);
  return symptom !== undefined && wordCount(before) <= 2 && !/\bof\b/.test(before);
}

function readPastConditions(draft: ConsultationDraft, u: Utterance): void {
  // "what conditions run in your family?" "high blood pressure and diabetes": the family's.
  const family =
    FAMILY_WORDS.test(u.text) || (u.answers ?? []).some((q) => FAMILY_WORDS.test(q.text));
  // "any history of endometriosis?" "any history of what?" "endometriosis." "no.": the lone word
  // repeats the question (whoever the transcript says said it); the answer says whether the
  // patient had it.
  const said = u.text.replace(/[.?!,]/g, '').trim();
  const echo =
    wordCount(said) <= 2 &&
    draft.utterances.some(
      (p) => p.id < u.id && p.id >= u.id - 3 && p.question && p.text.includes(said),
    );
  // "i think this is carpal tunnel syndrome": today's diagnosis (whoever the untagged transcript
  // says said it), not the patient's history.
  const diagnosisToday = DIAGNOSIS_TODAY.test(u.text);
  if (
    (u.phase === 'history' || /\bhistory of\b/.test(u.text)) &&
    !family &&
    !echo &&
    !diagnosisToday
  ) {
    CONDITION_RE.lastIndex = 0;
    for (let m = CONDITION_RE.exec(u.text); m !== null; m = CONDITION_RE.exec(u.text)) {
      const term = m[0];
      if (ACUTE.has(term)) continue;
      const before = u.text.slice(Math.max(0, m.index - 30), m.index);
      if (/\b(?:no|not|never|denies|any)\b[^,]*$/.test(before)) continue;
      // "has anybody ever said you had rheumatoid arthritis?" "no": asked about and denied.
      if (
        u.question &&
        u.answer?.polarity !== 'yes' &&
        ASKED_IF_HAD.test(u.text.slice(0, m.index).split(/[.?!]/).pop() ?? '')
      ) {
        continue;
      }
      const canonical = CONDITION_SYNONYMS[term] ?? term;
      const known = draft.pastConditions.some((c) => c === canonical || c.includes(canonical));
      if (!known) {
        // "heart failure" then "congestive heart failure": keep the more specific one.
        draft.pastConditions = draft.pastConditions.filter((c) => !canonical.includes(c));
        draft.pastConditions.push(canonical);
      }
    }
  }
}

/** Where the reading of a consultation has got to, turn by turn. */
interface ReadingState {
  phase: Phase;
  leftHistory: boolean;
  /**
   * The plan began with a diagnosis said in passing ("it is probably a viral infection"), not
   * with a plan announced ("my plan is") or a treatment: the consultation may still go back to
   * asking about symptoms.
   */
  planFromDiagnosis: boolean;
  /** The clinician's questions waiting for the next reply. */
  pendingQuestions: Utterance[];
  /** The questions the current reply answers. */
  answerFor: Utterance[];
}

/** The clinician going back over the history: "let us go through your medicines". */
const HISTORY_RESUMED =
  /\b(?:go (?:through|over)|run through|review|talk about) (?:all )?(?:your|his|her|their) (?:medicines|medications|meds|tablets|pills|medical history|history|symptoms)\b/;

/**
 * Phase moves forward on the clinician's cues; a results review may come before or after the
 * examination. Nothing goes back to history once the plan has begun, except a plan begun with a
 * diagnosis said in passing ("it is probably a viral infection"): a question about symptoms after
 * it ("have you had any chest pain?") or a return to the history ("let us go through your
 * medicines") reads as past the history again (the examination phase, whose replies are the
 * patient's). Talk of an examination does not ("they do an ultrasound as part of their exam").
 */
function advancePhase(
  reading: ReadingState,
  text: string,
  progress: number,
  asksAboutSymptoms: boolean,
): void {
  const lateEnough = progress > 0.45 || reading.phase === 'exam' || reading.phase === 'results';
  if (PLAN_CUE.test(text)) {
    reading.phase = 'plan';
    reading.planFromDiagnosis = false;
  } else if (lateEnough && (PLAN_ACTION.test(text) || statesControl(text))) {
    if (reading.phase !== 'plan') reading.planFromDiagnosis = false;
    reading.phase = 'plan';
  } else if (lateEnough && statesDiagnosis(text)) {
    if (reading.phase !== 'plan') reading.planFromDiagnosis = true;
    reading.phase = 'plan';
  } else if (
    reading.phase === 'plan' &&
    reading.planFromDiagnosis &&
    (asksAboutSymptoms || HISTORY_RESUMED.test(text))
  ) {
    reading.phase = 'exam';
  } else if (
    reading.phase !== 'plan' &&
    RESULTS_CUE.test(text) &&
    (TEST_RE.test(text) || /results?/.test(text))
  )
    reading.phase = 'results';
  else if (reading.phase !== 'plan' && EXAM_CUE.test(text)) reading.phase = 'exam';
  TEST_RE.lastIndex = 0;
  if (reading.phase !== 'history') reading.leftHistory = true;
}

/** The questions that end a clinician's turn are what the next reply answers. */
function pairQuestionsAndAnswers(
  reading: ReadingState,
  turnUtterances: Utterance[],
  polarity: Polarity,
  normalised: string,
): void {
  const speaker = turnUtterances[0]?.role;
  if (speaker === 'clinician') {
    // The questions at the end of a clinician's turn are what the next reply answers.
    reading.pendingQuestions.length = 0;
    for (let i = turnUtterances.length - 1; i >= 0; i -= 1) {
      const u = turnUtterances[i];
      if (!u?.question) break;
      reading.pendingQuestions.unshift(u);
    }
    reading.answerFor = [];
  } else if (speaker === 'patient' || speaker === 'other') {
    if (reading.pendingQuestions.length > 0) {
      const answer: Answer = {
        polarity,
        content: stripAnswerWord(normalised),
        utterances: turnUtterances,
      };
      for (const q of reading.pendingQuestions) q.answer = answer;
      reading.answerFor = [...reading.pendingQuestions];
      for (const u of turnUtterances) u.answers = reading.answerFor;
      reading.pendingQuestions.length = 0;
    } else if (reading.answerFor.length > 0) {
      for (const u of turnUtterances) u.answers = reading.answerFor;
    }
  }
}

/** How a reply to a question opens: "no chest pain but …", "yes sometimes", "a little bit of …". */
const REPLY_OPENING =
  /^(?:no|yes|yeah|yep|nope|nah|not really|sometimes|only|a little|a bit|a few|some|slight(?:ly)?)\b/;

/**
 * Stage 2 of the reading: turns → utterances, each sentence with its speaker (guessed from how it
 * is said when the transcript has no tags), the phase of the visit, and questions paired with the
 * replies that answer them.
 */
function readUtterances(turns: RawTurn[], punctuated: boolean): Utterance[] {
  const utterances: Utterance[] = [];
  const reading: ReadingState = {
    phase: 'history',
    leftHistory: false,
    planFromDiagnosis: false,
    pendingQuestions: [],
    answerFor: [],
  };
  turns.forEach((turn, turnIndex) => {
    const lowerRaw = detokenise(turn.text.toLowerCase());
    const normalised = normaliseText(turn.text);
    const sentences = splitSentences(normalised);
    const polarity = answerPolarity(lowerRaw);
    const turnUtterances: Utterance[] = [];
    for (const rawSentence of sentences) {
      const tagged =
        TAG_QUESTION.test(rawSentence) &&
        wordCount(rawSentence.replace(TAG_QUESTION, '')) >= 4 &&
        !askedThroughTheEnd(rawSentence);
      const sentence = tagged ? `${rawSentence.replace(TAG_QUESTION, '')}.` : rawSentence;
      const text = stripLeadingMarkers(sentence);
      if (wordCount(text) === 0) continue;
      let role: Utterance['role'];
      if (turn.role === 'unknown') {
        // Without tags: questions and second-person talk are the clinician's, the rest the patient's.
        // A question is more often the clinician's: a "?" says so plainly, the opening words of an
        // unpunctuated one ("any fever or chills") less so.
        const asked = /\?\s*$/.test(sentence)
          ? 2
          : !punctuated && detectQuestion(sentence, false)
            ? 1
            : 0;
        // Naming today's diagnosis ("i think this is carpal tunnel syndrome") is the clinician's.
        const diagnosis = statesDiagnosis(text) ? 2 : 0;
        const score = clinicianScore(text) + asked + diagnosis;
        // Past the history, speech that sounds like neither is more likely the clinician going on
        // through the examination, results and plan; but not a reply to the question just asked
        // ("have you had any chest pain | no chest pain but i get short of breath on the stairs").
        const asking = utterances[utterances.length - 1];
        const replying =
          asked === 0 &&
          asking?.role === 'clinician' &&
          asking.question &&
          (REPLY_OPENING.test(text) || (/^i\b/.test(text) && score <= 0));
        role =
          !replying && (score > 0 || (score === 0 && reading.leftHistory))
            ? 'clinician'
            : 'patient';
      } else {
        role = turn.role;
      }
      if (role === 'clinician') {
        const asksAboutSymptoms =
          detectQuestion(sentence, punctuated) && symptomsIn(text).length > 0;
        const before = reading.phase;
        advancePhase(reading, text, turnIndex / turns.length, asksAboutSymptoms);
        // "this is a viral infection | the plan is rest and fluids": a diagnosis said just before
        // the plan is announced is the plan's, however early in a short visit it comes.
        const last = utterances[utterances.length - 1];
        if (
          before !== 'plan' &&
          reading.phase === 'plan' &&
          last?.role === 'clinician' &&
          last.phase !== 'plan' &&
          !last.question &&
          statesDiagnosis(last.text)
        ) {
          last.phase = 'plan';
        }
      }
      const previous = turnUtterances[turnUtterances.length - 1];
      const command =
        /^(?:hey,? )?(?:dragon|dax|computer|alexa|siri)\b/.test(text) ||
        (previous !== undefined &&
          /^(?:hey,? )?(?:dragon|dax|computer)[,.?!]*$/.test(previous.text));
      const u: Utterance = {
        id: utterances.length,
        turn: turnIndex,
        role,
        phase: reading.leftHistory || role === 'clinician' ? reading.phase : 'history',
        text,
        question: detectQuestion(sentence, punctuated),
      };
      if (command) u.command = true;
      utterances.push(u);
      turnUtterances.push(u);
    }
    if (turnUtterances.length === 0) return;
    pairQuestionsAndAnswers(reading, turnUtterances, polarity, normalised);
  });
  return utterances;
}

/** Everything read from a consultation but its chief complaint, which is read from the rest. */
type ConsultationDraft = Omit<Consultation, 'chiefComplaint'>;

/** Stage 4: the facts, each kind read by its own reader from every utterance in turn. */
const FACT_READERS: ((draft: ConsultationDraft, u: Utterance) => void)[] = [
  readOneLiner,
  readSymptoms,
  readMedications,
  readAllergies,
  readVitals,
  readFollowUp,
  readAgreement,
  readPastConditions,
];

/** "logan, what happened to your back?" → "what happened to your back?" */
function stripVocatives(draft: ConsultationDraft): void {
  if (!draft.name) return;
  const first = escapeRe(draft.name.toLowerCase().split(' ')[0] ?? '');
  const vocative = new RegExp(
    `^(?:(?:mr|mrs|ms|miss|dr) )?${first}(?: [a-z]+)?,\\s*|,?\\s*(?:(?:mr|mrs|ms|miss|dr) )?${first}([.?!]?)$`,
  );
  for (const u of draft.utterances) {
    if (u.role !== 'clinician') continue;
    const stripped = u.text.replace(vocative, '$1').trim();
    if (wordCount(stripped) > 0) u.text = stripped;
  }
}

/**
 * Reads a consultation in named stages, each reading what the earlier ones added (issue 21):
 * turns with speakers (`parseTranscript`, cut where unpunctuated speech pauses) → utterances with
 * speaker, phase and question/answer pairs → who the patient is → facts → the assertion stage's
 * verdict on each symptom (packages/contracts) → the chief complaint.
 */
export function analyseConsultation(
  transcript: string,
  patientName?: string,
  /** The transcript's words with the recogniser's confidence (`confidenceTokens`), if known. */
  confidence: readonly ConfidenceToken[] = [],
): Consultation {
  const turns = mergeBackchannels(unpunctuatedTurns(parseTranscript(transcript)));
  const punctuated = /[?]/.test(transcript) || /\.\s/.test(transcript);
  const utterances = readUtterances(turns, punctuated);
  markDictation(utterances);
  const sex = detectSex(utterances);
  const draft: ConsultationDraft = {
    utterances,
    sex,
    pronouns: pronounsFor(sex),
    name: patientName?.trim() ? patientName.trim() : detectName(utterances),
    age: detectAge(utterances),
    oneLiner: null,
    symptoms: [],
    medications: [],
    allergies: [],
    noKnownAllergies: false,
    vitals: [],
    vitalsNormal: false,
    pastConditions: [],
    followUp: null,
    agreed: false,
    punctuated,
  };
  for (const u of utterances) for (const read of FACT_READERS) read(draft, u);
  stripVocatives(draft);
  draft.symptoms = symptomsBorneOut(
    draft.symptoms,
    prepareAssertionText(transcript),
    utterances,
    confidence,
  );
  return { ...draft, chiefComplaint: detectChiefComplaint(draft) };
}

/** Lay and abbreviated names of one condition → the name a note uses. */
/** A question asking whether the patient has (had) a condition, rather than about one they have. */
const ASKED_IF_HAD =
  /\b(?:ever|do you have|have you (?:ever )?(?:had|been diagnosed)|any|told (?:you|that you)|said (?:that )?you)\b/;

const CONDITION_SYNONYMS: Record<string, string> = {
  'high blood pressure': 'hypertension',
  'high cholesterol': 'hyperlipidemia',
  hypercholesterolemia: 'hyperlipidemia',
  dyslipidemia: 'hyperlipidemia',
  chf: 'congestive heart failure',
  afib: 'atrial fibrillation',
  'a-fib': 'atrial fibrillation',
  cad: 'coronary artery disease',
  ckd: 'chronic kidney disease',
  'kidney disease': 'chronic kidney disease',
  'acid reflux': 'gerd',
  'gastroesophageal reflux disease': 'gerd',
  'type ii diabetes': 'type 2 diabetes',
  'diabetes mellitus': 'diabetes',
  'chronic obstructive pulmonary disease': 'copd',
  'enlarged prostate': 'benign prostatic hyperplasia',
  bph: 'benign prostatic hyperplasia',
  'heart attack': 'myocardial infarction',
  migraines: 'migraine',
  'kidney stones': 'kidney stone',
};

const ACUTE = new Set([
  'fracture',
  'sprain',
  'strain',
  'tear',
  'contusion',
  'dislocation',
  'infection',
  'mass',
  'nodule',
  'cyst',
  'flu',
  'influenza',
  'covid',
  'covid-19',
  'uri',
  'upper respiratory infection',
  'pneumonia',
  'syncope',
  'vertigo',
  'dehydration',
  'tumor',
  'cancer',
  'blood clot',
  'concussion',
  'allergic reaction',
  'abscess',
  'insomnia',
  'anxiety',
  'depression',
  'migraine',
  'migraines',
  'ulcer',
  'hernia',
  'pregnancy',
  'rotator cuff',
  'lymphadenopathy',
  'heart murmur',
  'tonsillitis',
  'viral infection',
  'chest infection',
  'gastroenteritis',
  'stomach bug',
  'ear infection',
  'urinary tract infection',
  'sinusitis',
  'conjunctivitis',
  'cellulitis',
]);

/** How much clinical content a sentence carries (0 = small talk). */
export function relevance(text: string): number {
  let score = 0;
  score += 2 * symptomsIn(text).length;
  score += 2 * countMatches(CONDITION_RE, text);
  score += 2 * countMatches(MEDICATION_RE, text);
  score += countMatches(TEST_RE, text);
  score += countMatches(HISTORY_RE, text);
  BODY_PART_PATTERN.lastIndex = 0;
  if (BODY_PART_PATTERN.test(text)) score += 1;
  if (
    /\b\d+(?:\.\d+)?\s?(?:mg|mcg|%|\/\d+|days?|weeks?|months?|years?|times?|pounds?)\b/.test(text)
  )
    score += 1;
  score -= 3 * countMatches(SMALL_TALK_RE, text);
  return score;
}

export function examRelevance(text: string): number {
  return (
    countMatches(EXAM_RE, text) + (BODY_PART_PATTERN.test(text) ? 1 : 0) + symptomsIn(text).length
  );
}

export function planRelevance(text: string): number {
  return (
    countMatches(PLAN_RE, text) +
    2 * countMatches(MEDICATION_RE, text) +
    countMatches(TEST_RE, text) +
    countMatches(CONDITION_RE, text) -
    3 * countMatches(SMALL_TALK_RE, text)
  );
}
