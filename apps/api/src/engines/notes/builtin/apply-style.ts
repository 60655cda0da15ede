/**
 * The clinician's learned style applied to a note the builtin engine writes afresh (issue 27,
 * item 3; docs/decisions/023): sentences of a kind they keep deleting left out, a section cut to
 * the length they keep it at, phrasings they replace the same way replaced, bullets or prose as
 * they save it, sections in their order. Runs after grounding: a preference may drop or reshape
 * what was said, never add — a sentence is only ever left out, and a reworded one must pass the
 * same grounding and safety check as every sentence (`supportedIn`), or it stays as written.
 */
import type { NoteSection, NoteTopic } from '../note-engine';
import type { Detail } from './writers/writer';
import { editSentencesOf, keptSentences, type SentenceEdit } from '../render';
import { NOT_DISCUSSED } from '../template-form';
import {
  addedSections,
  learnedReplacements,
  PATIENT_SUBJECT,
  phrasePattern,
  planLabelsFor,
  sectionDecisions,
  sectionKey,
  type LearnedStyle,
  type SectionDecision,
  PRONOUN_SUBJECT,
  type Wording,
  wordingPattern,
} from '../style-learning';
import { withPlanLabels } from './plan-items';
import { PRUNE_BELOW, PRUNE_MIN_WORDS, scoredWords } from './prune';
import { topicKinds } from './topics';
import { WORD_USEFULNESS } from './word-usefulness';

/**
 * Below this learned usefulness a sentence is left out: the engine's own pruning threshold, so a
 * clinician who keeps what the engine-wide weights expect changes nothing.
 */
const LEARNED_PRUNE_BELOW = PRUNE_BELOW;
/** How many notes' worth the engine-wide weight of a word counts against the clinician's. */
const PRIOR_NOTES = 2;
/** A section longer than the clinician's mean length by this factor is cut back to it. */
const OVER_BUDGET = 1.2;

/** "Musculoskeletal: " at the head of an examination bullet stays with what is left of it. */
const BULLET_LABEL = /^([A-Z][A-Za-z /&-]{1,40}:\s+)(.*)$/s;

/** Every sentence of a section through `edit` (null leaves it out); bullets keep their label. */
function mapSentences(section: NoteSection, edit: SentenceEdit): NoteSection {
  const content = editSentencesOf(section.content, edit, true);
  const bullets = section.bullets
    ?.map((bullet) => {
      const m = BULLET_LABEL.exec(bullet);
      const kept = keptSentences(m?.[2] ?? bullet, edit);
      return kept.length > 0 ? `${m?.[1] ?? ''}${kept.join(' ')}` : '';
    })
    .filter((b) => b.length > 0);
  const out: NoteSection = { title: section.title, content };
  if (bullets && bullets.length > 0) out.bullets = bullets;
  return out;
}

function sentencesOf(section: NoteSection): string[] {
  const out: string[] = [];
  mapSentences(section, (s) => {
    out.push(s);
    return s;
  });
  return out;
}

/**
 * The sentence's usefulness (`prune.ts`) with the clinician's own counts: each word's share of
 * notes in which they kept it, drawn towards the engine-wide weight by `PRIOR_NOTES` notes'
 * worth, so a few notes move a word a little and many notes a lot.
 */
function learnedUsefulness(sentence: string, decision: SectionDecision): number {
  const words = new Set(scoredWords(sentence));
  if (words.size === 0) return 1;
  let sum = 0;
  for (const word of words) {
    const prior = WORD_USEFULNESS.words[word] ?? WORD_USEFULNESS.prior;
    const tally = decision.words[word];
    sum += tally ? (tally[0] + PRIOR_NOTES * prior) / (tally[0] + tally[1] + PRIOR_NOTES) : prior;
  }
  return sum / words.size;
}

const judged = (sentence: string) => scoredWords(sentence).length >= PRUNE_MIN_WORDS;

/**
 * Whether a learned phrasing can only shorten or abbreviate: no more words than it replaces, and
 * each new word either said in the consultation, a negation, or an abbreviation of the words it
 * replaces ("Pt", "Hx"). The grounding check alone aligns a sentence by its content and would let
 * "fever" become "high fever" or "flu".
 */
function onlyRewords(
  replacement: { from: string; to: string },
  transcriptWords: ReadonlySet<string>,
): boolean {
  const from = scoredWords(replacement.from);
  const to = scoredWords(replacement.to);
  if (to.length > from.length) return false;
  return to.every(
    (w) => from.includes(w) || transcriptWords.has(w) || NEGATIONS.has(w) || abbreviates(w, from),
  );
}

/** Words that say "none" the way "Denies" does; the safety check holds the polarity. */
const NEGATIONS = new Set(['no', 'nil', 'not']);

/**
 * Whether `short` is an abbreviation of the phrase: its letters in order within the phrase,
 * starting at one of its words ("pt" for "the patient", "htn" for "hypertension", "sob" for
 * "shortness of breath"); a closing "x" stands for the rest ("hx", "dx").
 */
function abbreviates(short: string, phrase: readonly string[]): boolean {
  const letters = short.replace(/x$/, '');
  if (letters.length === 0 || letters.length >= short.length + 1) return false;
  const text = phrase.join(' ');
  return phrase.some((word) => {
    if (word[0] !== letters[0]) return false;
    let at = text.indexOf(word);
    for (const letter of letters) {
      at = text.indexOf(letter, at);
      if (at < 0) return false;
      at += 1;
    }
    return true;
  });
}

/** The learned phrasings, each kept only where the reworded sentence still passes grounding. */
function rephrase(
  sentence: string,
  replacements: readonly { from: string; to: string }[],
  supported: (text: string) => boolean,
): string {
  let out = sentence;
  for (const { from, to } of replacements) {
    const re = phrasePattern(from, 'gi');
    const candidate = out.replace(re, (match: string, offset: number) =>
      offset === 0 && /^[A-Z]/.test(match) ? to.charAt(0).toUpperCase() + to.slice(1) : to,
    );
    if (candidate !== out && supported(candidate)) out = candidate;
  }
  return out;
}

/**
 * The clinician's wording for the engine's ("Reports" for "Endorses"), where the engine wrote it
 * as it is written; kept only where the sentence still passes grounding and the safety check.
 */
function inTheirWords(
  sentence: string,
  wordings: readonly Wording[],
  supported: (text: string) => boolean,
): string {
  let out = sentence;
  for (const { from, to, ...context } of wordings) {
    const candidate = out.replace(wordingPattern(from, 'g', context), to);
    if (candidate !== out && supported(candidate)) out = candidate;
  }
  return out;
}

/**
 * Someone other than the patient a "he" or "she" after it may stand for ("His father had a heart
 * attack. He ..."): the sentence after such a one keeps its pronoun.
 */
const OTHER_PERSON =
  /\b(?:mom|mum|mother|dad|father|brother|sister|grandm\w*|grandf\w*|grandpa|grandma|aunt|uncle|cousin|son|daughter|wife|husband|partner|boyfriend|girlfriend|fianc\w*|parents?|child(?:ren)?|kids?|baby|friend|neighbou?r|roommate|co-?worker|colleague|boss|teacher|coach|man|woman|boy|girl|guy|somebody|someone|person|people|doctor|dr|physician|surgeon|nurse|therapist|counsel+or|psychiatrist|specialist|provider|pcp|\w+ologist|\w+iatrician|pharmacist|dentist|chiropractor|paramedics?)\b/i;

/**
 * "The patient" for "He" or "She" at the head of a section's sentences, until the clinician's
 * share of such sentences is reached (`patientSubjectShare`): only the patient's own pronoun, never
 * after a sentence that names someone else, and only where the reworded sentence still passes
 * grounding and the safety check. Names the patient as the clinician does; states nothing new.
 */
function patientAsSubject(
  section: NoteSection,
  share: number,
  pronoun: string,
  supported: (text: string) => boolean,
): NoteSection {
  const own = pronoun === 'he' ? 'He' : pronoun === 'she' ? 'She' : null;
  if (!own || share <= 0) return section;
  let patient = 0;
  let subjects = 0;
  let previous = '';
  return mapSentences(section, (s) => {
    const after = previous;
    previous = s;
    const text = s.replace(/^\s+/, '');
    if (PATIENT_SUBJECT.test(text)) {
      patient += 1;
      subjects += 1;
      return s;
    }
    if (!PRONOUN_SUBJECT.test(text)) return s;
    subjects += 1;
    if (!text.startsWith(`${own} `) || OTHER_PERSON.test(after) || patient >= share * subjects) {
      return s;
    }
    const candidate = `The patient ${text.slice(own.length + 1)}`;
    if (!supported(candidate)) return s;
    patient += 1;
    previous = candidate;
    return candidate;
  });
}

function styleSection(
  section: NoteSection,
  decision: SectionDecision | undefined,
  replacements: readonly { from: string; to: string }[],
  supported: (title: string) => (text: string) => boolean,
  pronoun: string,
): NoteSection {
  let out = section;
  if (decision) {
    // Sentences of a kind the clinician keeps deleting.
    const pruned = mapSentences(out, (s) =>
      judged(s) && learnedUsefulness(s, decision) < LEARNED_PRUNE_BELOW ? null : s,
    );
    // A section is never emptied by a preference: "Not discussed." would then be untrue.
    if (sentencesOf(pruned).length > 0) out = pruned;
    // Then, over their length, the sentences they would least keep go first.
    const budget = decision.wordBudget;
    const sentences = sentencesOf(out);
    const words = (s: string) => scoredWords(s).length;
    let total = sentences.reduce((sum, s) => sum + words(s), 0);
    if (budget !== null && total > OVER_BUDGET * budget && sentences.length > 1) {
      const keepScore = (s: string) => (judged(s) ? learnedUsefulness(s, decision) : 1);
      const ranked = sentences
        .map((s, index) => ({ s, index, score: keepScore(s) }))
        .sort((a, b) => a.score - b.score || b.index - a.index);
      const dropped = new Set<number>();
      for (const { s, index } of ranked) {
        // Within the band of the clinician's usual length: a note a little longer than their
        // mean is no reason to lose a fact.
        if (total <= OVER_BUDGET * budget || dropped.size >= sentences.length - 1) break;
        dropped.add(index);
        total -= words(s);
      }
      let index = -1;
      out = mapSentences(out, (s) => {
        index += 1;
        return dropped.has(index) ? null : s;
      });
    }
  }
  const wordings = decision?.wordings ?? [];
  if (wordings.length > 0) {
    const check = supported(out.title);
    out = mapSentences(out, (s) => inTheirWords(s, wordings, check));
  }
  if (replacements.length > 0) {
    const check = supported(out.title);
    out = mapSentences(out, (s) => rephrase(s, replacements, check));
  }
  const patientShare = decision?.patientSubjectShare ?? null;
  if (patientShare !== null) {
    out = patientAsSubject(out, patientShare, pronoun, supported(out.title));
  }
  return out;
}

/**
 * The learned style over a note's grounded sections. `supported(title)` is the grounding test of
 * that section's sentences (`grounding.ts` `supportedIn`); `transcript` what was said; `pronoun`
 * the patient's subject pronoun as the note writes it ("he", "she", "they").
 */
export function applyLearnedStyle(
  sections: readonly NoteSection[],
  learned: LearnedStyle,
  supported: (title: string) => (text: string) => boolean,
  transcript: string,
  pronoun: string,
): NoteSection[] {
  const decisions = new Map(sectionDecisions(learned).map((d) => [d.key, d]));
  const transcriptWords = new Set(scoredWords(transcript));
  const replacements = learnedReplacements(learned).filter((r) => onlyRewords(r, transcriptWords));
  const added = new Map(addedSections(learned).map((a) => [a.key, a]));
  const styled = sections
    .map((section) =>
      styleSection(
        section,
        decisions.get(sectionKey(section.title)),
        replacements,
        supported,
        pronoun,
      ),
    )
    // The plan's items under the clinician's labels: the same sentences, laid out by kind.
    .map((section) => withPlanLabels(section, planLabelsFor(learned, sectionKey(section.title))))
    // A section the clinician adds is only there when the consultation filled it.
    .filter((section) => !added.has(sectionKey(section.title)) || sectionsSaid(section));
  // The clinician's section order: sections they placed move among themselves; the rest stay.
  const placed = styled
    .map((section, index) => ({
      section,
      index,
      position:
        decisions.get(sectionKey(section.title))?.position ??
        added.get(sectionKey(section.title))?.position ??
        null,
    }))
    .filter((p) => p.position !== null);
  const ordered = [...placed].sort((a, b) => a.position! - b.position! || a.index - b.index);
  const out = [...styled];
  placed.forEach((slot, i) => {
    out[slot.index] = ordered[i]!.section;
  });
  return out;
}

const sectionsSaid = (section: NoteSection) =>
  sentencesOf(section).some((s) => s.trim() !== NOT_DISCUSSED);

/**
 * The topics to write: the template's, then the sections the clinician adds in most notes that
 * have a writer of their own (filled from the transcript and grounded like any section).
 */
export function topicsWithAddedSections(
  topics: readonly NoteTopic[],
  learned: LearnedStyle,
): NoteTopic[] {
  const present = new Set(topics.flatMap((t) => topicKinds(t)));
  const extra = addedSections(learned)
    // The template may have changed since: a section it now has is not added again.
    .filter((a) => topicKinds({ name: a.title, guidance: '' }).every((k) => !present.has(k)))
    .map((a) => ({ name: a.title, guidance: '' }));
  return [...topics, ...extra];
}

/** Sections under the headings the clinician gives them in most notes ("PHYSICAL EXAM"). */
export function renameSections(
  sections: readonly NoteSection[],
  learned: LearnedStyle,
): NoteSection[] {
  const decisions = new Map(sectionDecisions(learned).map((d) => [d.key, d]));
  return sections.map((section) => {
    const decision = decisions.get(sectionKey(section.title));
    return decision?.renamed ? { ...section, title: decision.title } : section;
  });
}

/** The template's topics with the format the clinician keeps saving each section in. */
export function topicsWithLearnedFormat(
  topics: readonly NoteTopic[],
  learned: LearnedStyle,
): NoteTopic[] {
  const decisions = new Map(sectionDecisions(learned).map((d) => [d.key, d]));
  return topics.map((topic) => {
    const format = decisions.get(sectionKey(topic.name))?.format;
    return format ? { ...topic, format } : topic;
  });
}

/**
 * Each section's detail: written in more detail where the clinician keeps writing it longer than
 * the draft ("longer History"), still only from the transcript and grounded like every sentence.
 * A brief note asked for stays brief.
 */
export function learnedDetail(learned: LearnedStyle, detail: Detail): (topic: NoteTopic) => Detail {
  const longer = new Set(
    sectionDecisions(learned)
      .filter((d) => d.longer)
      .map((d) => d.key),
  );
  return (topic) =>
    detail === 'standard' && longer.has(sectionKey(topic.name)) ? 'detailed' : detail;
}
