/**
 * Drafts that learn from edits (issue 27, item 3; docs/decisions/023). When a session is saved,
 * each note's draft is compared with what the clinician saved, section by section: which draft
 * sentences were kept and which deleted (and the words of each), what was added, bullets or
 * prose, length, section order and phrasings replaced the same way in two or more notes. What is
 * learned is counts over the engine's own vocabulary, never note text, so a profile holds no
 * patient's words; both engines read it (`builtin/apply-style.ts`, the llm prompt's examples).
 */
import {
  STYLE_LEARNING,
  STYLE_MESSAGES,
  removeIdentifiers,
  splitNoteSentences,
} from '@clerkly/contracts';
import { z } from 'zod';
import {
  holdsPlanItems,
  labelledItem,
  PLAN_ITEM_KINDS,
  planItemKind,
  type PlanLabels,
} from './builtin/plan-items';
import { scoredWords } from './builtin/prune';
import { topicKinds } from './builtin/topics';
import type { SectionKind } from './builtin/writers/registry';
import { WORD_USEFULNESS } from './builtin/word-usefulness';
import type { NoteSection } from './note-engine';
import { paragraphsOf, parseNote } from './render';

const count = z.number().int().nonnegative();

const sectionStyleSchema = z.object({
  /**
   * The section's title when first drafted, the template's (for "shorter History"): a heading the
   * clinician's style gives it later does not replace it.
   */
  title: z.string(),
  /** Saved notes in which the draft had this section. */
  notes: count,
  /** Words of the draft's section, summed over those notes. */
  draftWords: count,
  draftPositionSum: count,
  /** Of those, saved with this section as bullet points / as paragraphs. */
  bulletNotes: count,
  proseNotes: count,
  /** Notes where the clinician turned the draft's paragraphs into bullets, or the reverse. */
  toBulletsNotes: count,
  toProseNotes: count,
  /** Notes where the clinician cut the section by a fifth or more, or grew it as much. */
  shortenedNotes: count,
  lengthenedNotes: count,
  /** Saved notes that had a section of the same kind, and their words in it (length). */
  lengthNotes: count,
  savedWords: count,
  keptSentences: count,
  deletedSentences: count,
  addedSentences: count,
  /**
   * Per word of the engine's vocabulary written in this section: [notes whose saved text still
   * has the word, notes whose saved text does not] — the clinician's own word usefulness.
   */
  words: z.record(z.string(), z.tuple([count, count])),
  /** Sum of the section's position among the saved note's sections, and how many notes. */
  positionSum: count,
  positionNotes: count,
  /** The clinician's own headings for this section, and in how many notes each. */
  titles: z.record(z.string(), count),
  /**
   * Per word of a `WORDING_CHOICES` group: notes whose draft of this section used the engine's
   * word of the group and whose saved section used this word. Profiles stored before it was
   * learned read as none.
   */
  wordings: z.record(z.string(), count).default({}),
  /** Per group's engine word: notes whose draft of this section used it (the chances). */
  wordingChances: z.record(z.string(), count).default({}),
  /**
   * How the saved section names the patient as a sentence's subject: "The patient …" / "He …" or
   * "She …" sentences, summed over notes, and the notes in which the clinician named the patient
   * so in a larger share of sentences than the draft did. Profiles stored before read as none.
   */
  patientSubjects: count.default(0),
  pronounSubjects: count.default(0),
  patientSubjectNotes: count.default(0),
});
type SectionStyle = z.infer<typeof sectionStyleSchema>;

/** What is stored per clinician and template (`style_profiles.learned`). */
export const learnedStyleSchema = z.object({
  notes: count,
  /** Keyed by the section's kind (`sectionKey`), so "Physical Exam" and "PHYSICAL EXAMINATION" meet. */
  sections: z.record(z.string(), sectionStyleSchema),
  /**
   * Sections the clinician wrote that the draft did not have, by kind: their heading, in how
   * many notes, and their mean position. The engine adds one (filled only from the transcript)
   * once the clinician adds it in most notes.
   */
  added: z.record(z.string(), z.object({ title: z.string(), notes: count, positionSum: count })),
  /** A phrase of the engine's replaced by the clinician's, and in how many notes. */
  replacements: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      /** Notes in which the clinician made this replacement. */
      notes: count,
      /** Notes whose draft had the phrase (replaced or not). */
      drafted: count,
    }),
  ),
  /**
   * How the clinician labels a plan's items ("• Medical Treatment: …"), per plan section's kind:
   * saved notes with that section, how many of them labelled its items, and per kind of item
   * (`planItemKind`) each label: [items so labelled, of them bullets]. Profiles stored before
   * it was learned read as none.
   */
  planLabels: z
    .record(
      z.string(),
      z.object({
        notes: count,
        labelledNotes: count,
        kinds: z.record(z.string(), z.record(z.string(), z.tuple([count, count]))),
      }),
    )
    .default({}),
});
export type LearnedStyle = z.infer<typeof learnedStyleSchema>;

export const emptyLearnedStyle = (): LearnedStyle => ({
  notes: 0,
  sections: {},
  added: {},
  replacements: [],
  planLabels: {},
});

/** Pronouns, articles and joining words: swapping one for another is not a phrasing habit. */
const LITTLE_WORDS = new Set(
  'a an the and or of to in on at for with by from as is was are were be been has have had i we you she he her his him they them their it its this that these those'.split(
    ' ',
  ),
);

/** A section's kind: the writers its title answers to, else its title in lower case. */
export function sectionKey(title: string): string {
  const kinds = topicKinds({ name: title, guidance: '' });
  return kinds[0] === 'keywords'
    ? title.toLowerCase().replace(/\s+/g, ' ').trim()
    : kinds.join('+');
}

/** A draft sentence counts as kept when a saved sentence shares this much of its words (Dice). */
const KEPT_SIMILARITY = 0.5;
/** ...or when the saved note holds this share of its words (rewritten, merged or split). */
const KEPT_COVERAGE = 0.75;
/** Longest phrase learned as a replacement, in words on either side. */
const PHRASE_WORDS = 3;
/** A saved section this much shorter (or longer) than its draft was cut (or grown). */
const CHANGED_LENGTH = 0.2;

/**
 * Words the engine writes where clinicians write another that says the same ("Endorses right
 * knee pain" / "Reports right knee pain"), the engine's first. The learner counts which one the
 * saved notes use, and the drafts then use the clinician's: a choice among the engine's own
 * wordings, so a learned wording never adds a fact (the safety check still reads every sentence).
 */
const WORDING_CHOICES: readonly WordingChoice[] = [
  { words: ['Endorses', 'Reports'] },
  { words: ['Follow up', 'The patient will follow up'] },
  // The opening line as dictated ("a 62-year-old male here for follow-up") and as written up
  // ("… male who presents for follow-up"); elsewhere "here" is left alone ("he was here for …").
  {
    words: ['here', 'who presents'],
    before: '\\d+-year-old (?:male|female|man|woman|patient|boy|girl) ',
    after: ' (?:for|with)\\b',
  },
];

interface WordingChoice {
  /** The engine's wording first, then the equals a clinician may write instead. */
  words: readonly [string, ...string[]];
  /** Where the engine's wording says what the others do: what comes before and after it. */
  before?: string;
  after?: string;
}

/** A wording of the clinician's for one of the engine's, and where the engine's is replaced. */
export interface Wording {
  from: string;
  to: string;
  before?: string;
  after?: string;
}

/**
 * A wording as written, in its case ("Follow up in 2 weeks.", not "we will follow up"), and only
 * in its context when it has one.
 */
export const wordingPattern = (
  wording: string,
  flags = '',
  context: { before?: string; after?: string } = {},
) =>
  new RegExp(
    `${context.before ? `(?<=${context.before})` : ''}(?<![\\w/])${wording.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/])${context.after ? `(?=${context.after})` : ''}`,
    flags,
  );

const emptySection = (title: string): SectionStyle => ({
  title,
  notes: 0,
  draftWords: 0,
  draftPositionSum: 0,
  bulletNotes: 0,
  proseNotes: 0,
  toBulletsNotes: 0,
  toProseNotes: 0,
  shortenedNotes: 0,
  lengthenedNotes: 0,
  lengthNotes: 0,
  savedWords: 0,
  keptSentences: 0,
  deletedSentences: 0,
  addedSentences: 0,
  words: {},
  positionSum: 0,
  positionNotes: 0,
  titles: {},
  wordings: {},
  wordingChances: {},
  patientSubjects: 0,
  pronounSubjects: 0,
  patientSubjectNotes: 0,
});

/** "Medical Reasoning: " before a plan item or "Neck: " before an examination bullet. */
const ITEM_LABEL = /^[A-Z][A-Za-z /&-]{1,40}:\s+/;
/** A sentence whose subject is the patient named as such ("The patient notes …", "Pt reports …"). */
export const PATIENT_SUBJECT = /^(?:The patient|Patient|Pt\.?)\s+(?=[a-z])/;
/** A sentence whose subject is a singular personal pronoun ("He notes …"). */
export const PRONOUN_SUBJECT = /^(?:He|She)\s+(?=[a-z])/;

/** Of a section's sentences: how many open with "The patient", how many with "He" or "She". */
function subjectCounts(sentences: readonly string[]): { patient: number; pronoun: number } {
  let patient = 0;
  let pronoun = 0;
  for (const sentence of sentences) {
    const text = sentence.trim().replace(ITEM_LABEL, '');
    if (PATIENT_SUBJECT.test(text)) patient += 1;
    else if (PRONOUN_SUBJECT.test(text)) pronoun += 1;
  }
  return { patient, pronoun };
}

const share = ({ patient, pronoun }: { patient: number; pronoun: number }) =>
  patient + pronoun === 0 ? 0 : patient / (patient + pronoun);

function sectionSentences(section: NoteSection): string[] {
  return [
    ...paragraphsOf(section.content).flatMap((p) => p.split('\n').flatMap(splitNoteSentences)),
    ...(section.bullets ?? []).flatMap(splitNoteSentences),
  ].filter((s) => s.trim().length > 0 && s.trim() !== 'Not discussed.');
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** The engine's vocabulary: the only words a profile may hold (no names, no numbers). */
const inVocabulary = (word: string) =>
  /^[a-z]+$/.test(word) && WORD_USEFULNESS.words[word] !== undefined;

/**
 * A phrase may be learned when every word is the engine's vocabulary or a short abbreviation
 * ("Pt", "A/P", "HTN"), with no digits and nothing an identifier filter would remove: a
 * replacement is never a patient's name, date or number.
 */
function learnablePhrase(words: readonly string[], atSentenceStart: boolean): boolean {
  if (words.length === 0 || words.length > PHRASE_WORDS) return false;
  const phrase = words.join(' ');
  if (/\d/.test(phrase) || removeIdentifiers(phrase) !== phrase) return false;
  return words.every((word, i) => {
    const lower = word.toLowerCase().replace(/['’]s$/, '');
    if (inVocabulary(lower)) return true;
    const abbreviation = /^[A-Za-z][A-Za-z/.&]{0,3}(?:['’]s)?$/.test(word);
    // A capitalised word inside a sentence that is not an abbreviation reads as a name.
    const properNoun = /^[A-Z][a-z]/.test(word) && !(atSentenceStart && i === 0);
    return abbreviation && !properNoun;
  });
}

const tokens = (sentence: string) =>
  sentence
    .replace(/[.!?;:,]+(?=\s|$)/g, '')
    .split(/\s+/)
    .filter((t) => t.length > 0);

/** Phrases of `draft` the clinician replaced in `saved` ("The patient" → "Pt"), by word LCS. */
export function replacedPhrases(draft: string, saved: string): { from: string; to: string }[] {
  const a = tokens(draft);
  const b = tokens(saved);
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] =
        a[i]!.toLowerCase() === b[j]!.toLowerCase()
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const found: { from: string; to: string }[] = [];
  let i = 0;
  let j = 0;
  let fromRun: string[] = [];
  let toRun: string[] = [];
  let runStartsSentence = true;
  const flush = () => {
    if (
      fromRun.length > 0 &&
      toRun.length > 0 &&
      learnablePhrase(fromRun, runStartsSentence) &&
      learnablePhrase(toRun, runStartsSentence)
    ) {
      found.push({ from: fromRun.join(' '), to: toRun.join(' ') });
    }
    fromRun = [];
    toRun = [];
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[i]!.toLowerCase() === b[j]!.toLowerCase()) {
      flush();
      i += 1;
      j += 1;
      runStartsSentence = false;
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      if (fromRun.length === 0 && toRun.length === 0) runStartsSentence = i === 0 && j === 0;
      toRun.push(b[j]!);
      j += 1;
    } else {
      if (fromRun.length === 0 && toRun.length === 0) runStartsSentence = i === 0 && j === 0;
      fromRun.push(a[i]!);
      i += 1;
    }
  }
  flush();
  return found;
}

/** A phrase as whole words, in any case ("The patient" in "the patient's"). */
export function phrasePattern(phrase: string, flags = 'i'): RegExp {
  return new RegExp(`(?<![\\w/])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/])`, flags);
}

/** A heading may be learned when it is short and holds nothing that identifies a patient. */
function learnableHeading(title: string): string | null {
  const heading = title.trim().replace(/:$/, '');
  if (heading.length === 0 || heading.length > 60 || /\d/.test(heading)) return null;
  return removeIdentifiers(heading) === heading ? heading : null;
}

const isBullets = (section: NoteSection) =>
  (section.bullets?.length ?? 0) > 0 && paragraphsOf(section.content).length === 0;

/**
 * The profile after one more saved note: `draft` is what the engine wrote (its HTML or text),
 * `saved` what the clinician saved. Pure; the caller stores the result.
 */
export function learnFromEdit(profile: LearnedStyle, draft: string, saved: string): LearnedStyle {
  const draftSections = parseNote(draft).filter((s) => s.title.trim().length > 0);
  const savedSections = parseNote(saved).filter((s) => s.title.trim().length > 0);
  if (draftSections.length === 0 || savedSections.length === 0) return profile;
  const next: LearnedStyle = structuredClone(profile);
  next.notes += 1;

  const savedSentences = savedSections.flatMap((section) =>
    sectionSentences(section).map((text) => ({ text, words: new Set(scoredWords(text)) })),
  );
  const savedWords = new Set(savedSentences.flatMap((s) => [...s.words]));
  const matchedSaved = new Set<number>();
  const replacementsThisNote = new Set<string>();
  const savedByKey = new Map(savedSections.map((s, i) => [sectionKey(s.title), { s, i }]));
  // Sections this draft already wrote longer: saved at about that length, still wanted longer.
  const before = sectionDecisions(profile);
  const longerBefore = new Set(before.filter((d) => d.longer).map((d) => d.key));
  // Sections this draft already opened with "The patient" as the clinician does: still their habit
  // while they keep naming the patient so.
  const patientSubjectBefore = new Set(
    before.filter((d) => d.patientSubjectShare !== null).map((d) => d.key),
  );

  for (const [position, section] of draftSections.entries()) {
    const key = sectionKey(section.title);
    const style = (next.sections[key] ??= emptySection(section.title));
    style.notes += 1;
    style.draftPositionSum += position;
    const draftWords = sectionSentences(section).reduce((sum, s) => sum + scoredWords(s).length, 0);
    style.draftWords += draftWords;
    const counterpart = savedByKey.get(key);
    if (counterpart) {
      const savedBullets = isBullets(counterpart.s);
      if (savedBullets) style.bulletNotes += 1;
      else style.proseNotes += 1;
      if (savedBullets && !isBullets(section)) style.toBulletsNotes += 1;
      if (!savedBullets && isBullets(section)) style.toProseNotes += 1;
      const words = sectionSentences(counterpart.s).reduce(
        (sum, s) => sum + scoredWords(s).length,
        0,
      );
      style.lengthNotes += 1;
      style.savedWords += words;
      if (words <= (1 - CHANGED_LENGTH) * draftWords) style.shortenedNotes += 1;
      if (
        words >= (1 + CHANGED_LENGTH) * draftWords ||
        (longerBefore.has(key) && words > (1 - CHANGED_LENGTH) * draftWords)
      ) {
        style.lengthenedNotes += 1;
      }
      style.positionSum += counterpart.i;
      style.positionNotes += 1;
      const heading = learnableHeading(counterpart.s.title);
      if (heading) style.titles[heading] = (style.titles[heading] ?? 0) + 1;
      const draftText = sectionSentences(section).join(' ');
      const savedText = sectionSentences(counterpart.s).join(' ');
      const savedSubjects = subjectCounts(sectionSentences(counterpart.s));
      style.patientSubjects += savedSubjects.patient;
      style.pronounSubjects += savedSubjects.pronoun;
      if (
        savedSubjects.patient > 0 &&
        (patientSubjectBefore.has(key) ||
          share(savedSubjects) > share(subjectCounts(sectionSentences(section))))
      ) {
        style.patientSubjectNotes += 1;
      }
      for (const { words, ...context } of WORDING_CHOICES) {
        const [engineWord] = words;
        if (!wordingPattern(engineWord, '', context).test(draftText)) continue;
        style.wordingChances[engineWord] = (style.wordingChances[engineWord] ?? 0) + 1;
        for (const word of words) {
          // The engine's wording where it says what the others do; theirs wherever written.
          if (wordingPattern(word, '', word === engineWord ? context : {}).test(savedText)) {
            style.wordings[word] = (style.wordings[word] ?? 0) + 1;
          }
        }
      }
    }
    for (const sentence of sectionSentences(section)) {
      const words = new Set(scoredWords(sentence));
      if (words.size === 0) continue;
      let best = -1;
      let bestScore = 0;
      savedSentences.forEach((s, index) => {
        const score = dice(words, s.words);
        if (score > bestScore) {
          bestScore = score;
          best = index;
        }
      });
      const covered = [...words].filter((w) => savedWords.has(w)).length / words.size;
      const kept = bestScore >= KEPT_SIMILARITY || covered >= KEPT_COVERAGE;
      if (bestScore >= KEPT_SIMILARITY) matchedSaved.add(best);
      if (kept) style.keptSentences += 1;
      else style.deletedSentences += 1;
      if (bestScore >= KEPT_SIMILARITY && best >= 0) {
        for (const { from, to } of replacedPhrases(sentence, savedSentences[best]!.text)) {
          replacementsThisNote.add(`${from}\u0000${to}`);
        }
      }
    }
  }
  // Each word of each section: still in the saved note, or gone. A word the clinician only
  // reworded ("patient" in "The patient" → "Pt") was kept, not deleted.
  const reworded = new Set(
    [...replacementsThisNote].flatMap((pair) => scoredWords(pair.split('\u0000')[0] ?? '')),
  );
  for (const section of draftSections) {
    const style = next.sections[sectionKey(section.title)]!;
    for (const word of new Set(sectionSentences(section).flatMap(scoredWords))) {
      if (!inVocabulary(word)) continue;
      const tally = (style.words[word] ??= [0, 0]);
      tally[savedWords.has(word) || reworded.has(word) ? 0 : 1] += 1;
    }
  }
  // Sections the clinician wrote that the template's draft did not have (a section the profile
  // added to the draft still counts: kept, it is still the clinician's addition).
  const draftKeys = new Set(draftSections.map((s) => sectionKey(s.title)));
  const counted = new Set<string>();
  for (const [position, section] of savedSections.entries()) {
    const key = sectionKey(section.title);
    const heading = learnableHeading(section.title);
    const templateHasIt = draftKeys.has(key) && !(key in profile.added);
    if (templateHasIt || counted.has(key) || !heading) continue;
    if (sectionSentences(section).length === 0) continue;
    const added = (next.added[key] ??= { title: heading, notes: 0, positionSum: 0 });
    added.title = heading;
    added.notes += 1;
    added.positionSum += position;
    counted.add(key);
  }
  // What the clinician wrote that no draft sentence became: added, per saved section's kind.
  let index = 0;
  for (const section of savedSections) {
    const key = sectionKey(section.title);
    for (const _ of sectionSentences(section)) {
      if (!matchedSaved.has(index)) {
        const style = next.sections[key];
        if (style) style.addedSentences += 1;
      }
      index += 1;
    }
  }
  // How the clinician labels the items of a plan: counted per label, the kind read from its text.
  for (const section of savedSections) {
    const key = sectionKey(section.title);
    if (!isPlanSection(key)) continue;
    const entry = (next.planLabels[key] ??= { notes: 0, labelledNotes: 0, kinds: {} });
    entry.notes += 1;
    const items = [
      ...paragraphsOf(section.content).map((text) => ({ text, bullet: false })),
      ...(section.bullets ?? []).map((text) => ({ text, bullet: true })),
    ];
    let labelled = 0;
    for (const { text, bullet } of items) {
      const item = labelledItem(text);
      const label = item ? learnableHeading(item.label) : null;
      const kind = item ? planItemKind(item.text) : null;
      if (!label || !kind) continue;
      const tally = ((entry.kinds[kind] ??= {})[label] ??= [0, 0]);
      tally[0] += 1;
      if (bullet) tally[1] += 1;
      labelled += 1;
    }
    if (labelled > 0) entry.labelledNotes += 1;
  }
  // Counted once per note: a phrase replaced in two notes is a habit, twice in one is not.
  for (const pair of replacementsThisNote) {
    const [from = '', to = ''] = pair.split('\u0000');
    const known = next.replacements.find((r) => r.from === from && r.to === to);
    if (known) known.notes += 1;
    else next.replacements.push({ from, to, notes: 1, drafted: 0 });
  }
  // How often the draft offered the phrase: a replacement made in 2 of 20 notes is no habit.
  const draftText = draftSections.flatMap(sectionSentences).join(' ');
  for (const r of next.replacements) {
    if (phrasePattern(r.from).test(draftText)) r.drafted += 1;
  }
  return next;
}

/** Sections that hold a plan's items, by their kind (`sectionKey`). */
const isPlanSection = (key: string) => holdsPlanItems(key.split('+'));

/**
 * The labels a plan section's items get in the next drafts: once the clinician labelled them in
 * most notes with the section, each kind gets the label they gave it most often (in at least
 * `minNotes` items); null when they do not label.
 */
export function planLabelsFor(profile: LearnedStyle, key: string): PlanLabels | null {
  const entry = profile.planLabels[key];
  const min = STYLE_LEARNING.minNotes;
  if (!entry || entry.labelledNotes < min || 2 * entry.labelledNotes <= entry.notes) return null;
  const labels: PlanLabels = {};
  for (const kind of PLAN_ITEM_KINDS) {
    const [label, [times, bullets]] = Object.entries(entry.kinds[kind] ?? {}).sort(
      (a, b) => b[1][0] - a[1][0],
    )[0] ?? ['', [0, 0]];
    if (times >= min) labels[kind] = { label, bullet: 2 * bullets > times };
  }
  return Object.keys(labels).length > 0 ? labels : null;
}

/** A section "leaves out" sentences when the clinician deleted at least this share of them. */
const DELETES_FROM = 0.3;

/** What the next drafts do with one section, decided from the counts. */
export interface SectionDecision {
  key: string;
  title: string;
  format: 'bullets' | 'prose' | null;
  /** The clinician's mean words in this section, when they write it shorter than the draft. */
  wordBudget: number | null;
  /** Whether the clinician writes this section longer than the draft in most notes. */
  longer: boolean;
  /** Share of the section's draft sentences the clinician deleted. */
  deletionRate: number;
  /** Mean position among the saved note's sections, when known. */
  position: number | null;
  /** Whether `title` is the clinician's heading, used in most notes, not the template's. */
  renamed: boolean;
  draftPosition: number;
  words: SectionStyle['words'];
  /** The clinician's word for one of the engine's (`WORDING_CHOICES`), used in most notes. */
  wordings: Wording[];
  /**
   * The share of the section's sentences about the patient that the clinician opens with "The
   * patient" rather than "He" or "She", once they made it larger than the draft's in most notes.
   */
  patientSubjectShare: number | null;
}

/**
 * The clinician's word for the engine's, per choice group: used in enough notes whose draft had
 * the engine's word, in more of them than the engine's own, and in most of them.
 */
function chosenWordings(s: SectionStyle): Wording[] {
  const out: Wording[] = [];
  for (const { words, ...context } of WORDING_CHOICES) {
    const [engineWord, ...others] = words;
    const kept = s.wordings[engineWord] ?? 0;
    const [best, times] = others
      .map((word) => [word, s.wordings[word] ?? 0] as const)
      .sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const chances = s.wordingChances[engineWord] ?? 0;
    if (times >= STYLE_LEARNING.minNotes && times > kept && 2 * times > chances) {
      out.push({ from: engineWord, to: best, ...context });
    }
  }
  return out;
}

export function sectionDecisions(profile: LearnedStyle): SectionDecision[] {
  const min = STYLE_LEARNING.minNotes;
  return Object.entries(profile.sections)
    .filter(([, s]) => s.notes >= min)
    .map(([key, s]) => {
      const judged = s.keptSentences + s.deletedSentences;
      const savedMean = s.lengthNotes > 0 ? s.savedWords / s.lengthNotes : 0;
      const [heading, headingNotes] = Object.entries(s.titles).sort((x, y) => y[1] - x[1])[0] ?? [
        s.title,
        0,
      ];
      const renamed =
        heading.toLowerCase() !== s.title.toLowerCase() &&
        headingNotes >= min &&
        2 * headingNotes > s.lengthNotes;
      return {
        key,
        title: renamed ? heading : s.title,
        renamed,
        // Learned from changes only (a draft the clinician leaves as it is teaches no format),
        // and kept once applied: the drafts then match and nothing is changed back.
        format:
          s.toBulletsNotes >= min && s.bulletNotes > s.proseNotes
            ? 'bullets'
            : s.toProseNotes >= min && s.proseNotes > s.bulletNotes
              ? 'prose'
              : null,
        wordBudget:
          // Cutting loses facts as well as words: only for a clinician who shortens the section
          // in two notes of three or more (on ACI-BENCH train, a looser rule cost ROUGE-1).
          s.shortenedNotes >= min && 3 * s.shortenedNotes >= 2 * s.lengthNotes && savedMean > 0
            ? savedMean
            : null,
        longer: s.lengthenedNotes >= min && 3 * s.lengthenedNotes >= 2 * s.lengthNotes,
        deletionRate: judged === 0 ? 0 : s.deletedSentences / judged,
        position: s.positionNotes >= min ? s.positionSum / s.positionNotes : null,
        draftPosition: s.draftPositionSum / s.notes,
        words: s.words,
        wordings: chosenWordings(s),
        patientSubjectShare:
          s.patientSubjectNotes >= min && 2 * s.patientSubjectNotes > s.lengthNotes
            ? share({ patient: s.patientSubjects, pronoun: s.pronounSubjects })
            : null,
      };
    });
}

/** Sections whose content a broader section of the template already writes. */
const WRITTEN_WITHIN: Partial<Record<SectionKind, SectionKind[]>> = {
  assessment: ['assessment-plan'],
  plan: ['assessment-plan'],
  history: ['subjective'],
  ros: ['subjective'],
  exam: ['objective'],
  // The examination leaves the vital signs to a Vitals section when the topics have one.
  vitals: ['objective'],
  results: ['objective'],
};

/**
 * Sections the clinician adds in most notes that the engine can write: a writer of their own
 * (filled from the transcript), and content no drafted section already holds ("Plan" beside
 * "Assessment and Plan" would say it twice). The draft adds them when the consultation fills them.
 */
export function addedSections(
  profile: LearnedStyle,
): { key: string; title: string; position: number }[] {
  // The template's own sections: once added, a section is drafted too, and must not then
  // count as the template's (it would stop being added).
  const drafted = new Set(
    Object.keys(profile.sections)
      .filter((key) => !(key in profile.added))
      .flatMap((key) => key.split('+')),
  );
  return Object.entries(profile.added)
    .filter(([, a]) => a.notes >= STYLE_LEARNING.minNotes && 2 * a.notes > profile.notes)
    .filter(([, a]) => {
      const kinds = topicKinds({ name: a.title, guidance: '' });
      return (
        kinds[0] !== 'keywords' &&
        kinds.every(
          (k) => !drafted.has(k) && !(WRITTEN_WITHIN[k] ?? []).some((w) => drafted.has(w)),
        )
      );
    })
    .map(([key, a]) => ({ key, title: a.title, position: a.positionSum / a.notes }));
}

/** A replacement applied to drafts: seen in enough notes (the most frequent per phrase). */
export function learnedReplacements(profile: LearnedStyle): { from: string; to: string }[] {
  const byFrom = new Map<string, { from: string; to: string; notes: number }>();
  for (const r of profile.replacements) {
    // A habit: seen in enough notes, and in most notes whose draft had the phrase. Only a
    // shortening or abbreviation ("The patient" → "Pt"), never a swap of little words
    // ("his" → "the"), which reads as rewriting one sentence rather than a habit.
    if (r.notes < STYLE_LEARNING.minNotes || 2 * r.notes <= r.drafted) continue;
    if (scoredWords(r.to).length > scoredWords(r.from).length) continue;
    if (scoredWords(`${r.from} ${r.to}`).every((w) => LITTLE_WORDS.has(w))) continue;
    const key = r.from.toLowerCase();
    const known = byFrom.get(key);
    if (!known || r.notes > known.notes) byFrom.set(key, r);
  }
  return [...byFrom.values()].map(({ from, to }) => ({ from, to }));
}

/** Whether the clinician's saved notes put the sections in another order than the drafts. */
function reorders(decisions: readonly SectionDecision[]): boolean {
  const placed = decisions.filter((d) => d.position !== null);
  const byDraft = [...placed].sort((a, b) => a.draftPosition - b.draftPosition).map((d) => d.key);
  const bySaved = [...placed].sort((a, b) => a.position! - b.position!).map((d) => d.key);
  return byDraft.join() !== bySaved.join();
}

/** The profile in the clinician's words, one preference an entry (`STYLE_MESSAGES`). */
export function stylePreferences(profile: LearnedStyle): string[] {
  const decisions = sectionDecisions(profile);
  const out: string[] = [];
  for (const d of decisions) {
    if (d.format === 'bullets') out.push(STYLE_MESSAGES.bullets(d.title));
    if (d.format === 'prose') out.push(STYLE_MESSAGES.prose(d.title));
  }
  for (const d of decisions) if (d.wordBudget !== null) out.push(STYLE_MESSAGES.shorter(d.title));
  for (const d of decisions) if (d.longer) out.push(STYLE_MESSAGES.longer(d.title));
  for (const d of decisions) {
    if (d.deletionRate >= DELETES_FROM) out.push(STYLE_MESSAGES.leavesOut(d.title));
  }
  for (const d of decisions) {
    if (d.renamed)
      out.push(STYLE_MESSAGES.heading(profile.sections[d.key]?.title ?? d.key, d.title));
  }
  for (const a of addedSections(profile)) out.push(STYLE_MESSAGES.adds(a.title));
  for (const [key, section] of Object.entries(profile.sections)) {
    const labels = planLabelsFor(profile, key);
    if (!labels) continue;
    const title = decisions.find((d) => d.key === key)?.title ?? section.title;
    const names = [...new Set(Object.values(labels).map((l) => l.label))];
    out.push(STYLE_MESSAGES.itemLabels(title, names));
  }
  for (const d of decisions) {
    for (const w of d.wordings) out.push(STYLE_MESSAGES.replaces(w.from, w.to));
  }
  if (decisions.some((d) => d.patientSubjectShare !== null)) {
    out.push(STYLE_MESSAGES.replaces('He or She', 'The patient'));
  }
  for (const r of learnedReplacements(profile)) out.push(STYLE_MESSAGES.replaces(r.from, r.to));
  if (reorders(decisions)) out.push(STYLE_MESSAGES.order);
  // A wording learned in two sections is one preference.
  return [...new Set(out)];
}
