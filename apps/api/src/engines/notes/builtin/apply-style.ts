/**
 * The clinician's learned style applied to a note the builtin engine writes afresh (issue 27,
 * item 3; docs/decisions/023): sentences of a kind they keep deleting left out, a section cut to
 * the length they keep it at, phrasings they replace the same way replaced, bullets or prose as
 * they save it, sections in their order. Runs after grounding: a preference may drop or reshape
 * what was said, never add — a sentence is only ever left out, and a reworded one must pass the
 * same grounding and safety check as every sentence (`supportedIn`), or it stays as written.
 */
import { splitNoteSentences } from '@clerkly/contracts';
import type { NoteSection, NoteTopic } from '../note-engine';
import { paragraphsOf } from '../render';
import {
  learnedReplacements,
  sectionDecisions,
  sectionKey,
  type LearnedStyle,
  type SectionDecision,
} from '../style-learning';
import { scoredWords, usefulness } from './prune';

/** A sentence whose words the clinician deleted this often (and kept the rest) is left out. */
const DROP_AT = 0.75;
/** A word is read once the clinician judged this many draft sentences holding it. */
const WORD_EVIDENCE = 2;
/** A section longer than the clinician's length by this factor is cut to it. */
const OVER_BUDGET = 1.2;

/** Words that say nothing about the kind of sentence. */
const FUNCTION_WORDS = new Set(
  'a an the and or of to in on at for with by from as is was are were be been has have had she he her his him they them their it its this that patient'.split(
    ' ',
  ),
);

/** "Musculoskeletal: " at the head of an examination bullet stays with what is left of it. */
const BULLET_LABEL = /^([A-Z][A-Za-z /&-]{1,40}:\s+)(.*)$/s;

/** Every sentence of a section through `edit` (null leaves it out); bullets keep their label. */
function mapSentences(
  section: NoteSection,
  edit: (sentence: string) => string | null,
): NoteSection {
  const content = paragraphsOf(section.content)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) =>
          splitNoteSentences(line)
            .map(edit)
            .filter((s): s is string => s !== null)
            .join(' '),
        )
        .filter((line) => line.length > 0)
        .join('\n'),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
  const bullets = section.bullets
    ?.map((bullet) => {
      const m = BULLET_LABEL.exec(bullet);
      const kept = splitNoteSentences(m?.[2] ?? bullet)
        .map(edit)
        .filter((s): s is string => s !== null);
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

/** How often the clinician deleted draft sentences with these words; null when too little seen. */
export function learnedDeletionRate(sentence: string, decision: SectionDecision): number | null {
  const rates: number[] = [];
  for (const word of new Set(scoredWords(sentence))) {
    if (FUNCTION_WORDS.has(word)) continue;
    const tally = decision.words[word];
    if (!tally || tally[0] + tally[1] < WORD_EVIDENCE) continue;
    rates.push((tally[1] + 0.5) / (tally[0] + tally[1] + 1));
  }
  if (rates.length < 2) return null;
  return rates.reduce((a, b) => a + b, 0) / rates.length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a learned phrasing can only shorten or abbreviate: no more words than it replaces, and
 * each new word either said in the consultation or a short form ("Pt", "No", "Hx"). The grounding
 * check alone aligns a sentence by its content and would let "fever" become "high fever".
 */
function onlyRewords(
  replacement: { from: string; to: string },
  transcriptWords: ReadonlySet<string>,
): boolean {
  const from = scoredWords(replacement.from);
  const to = scoredWords(replacement.to);
  if (to.length > from.length) return false;
  return to.every((w) => from.includes(w) || transcriptWords.has(w) || w.length <= 3);
}

/** The learned phrasings, each kept only where the reworded sentence still passes grounding. */
function rephrase(
  sentence: string,
  replacements: readonly { from: string; to: string }[],
  supported: (text: string) => boolean,
): string {
  let out = sentence;
  for (const { from, to } of replacements) {
    const re = new RegExp(`(?<![\\w/])${escapeRegExp(from)}(?![\\w/])`, 'gi');
    const candidate = out.replace(re, (match: string, offset: number) =>
      offset === 0 && /^[A-Z]/.test(match) ? to.charAt(0).toUpperCase() + to.slice(1) : to,
    );
    if (candidate !== out && supported(candidate)) out = candidate;
  }
  return out;
}

function styleSection(
  section: NoteSection,
  decision: SectionDecision | undefined,
  replacements: readonly { from: string; to: string }[],
  supported: (title: string) => (text: string) => boolean,
): NoteSection {
  let out = section;
  if (decision) {
    // Sentences of a kind the clinician keeps deleting.
    const pruned = mapSentences(out, (s) =>
      (learnedDeletionRate(s, decision) ?? 0) >= DROP_AT ? null : s,
    );
    // A section is never emptied by a preference: "Not discussed." would then be untrue.
    if (sentencesOf(pruned).length > 0) out = pruned;
    // Then, over their length, the sentences they would least keep go first.
    const budget = decision.wordBudget;
    const sentences = sentencesOf(out);
    const words = (s: string) => scoredWords(s).length;
    let total = sentences.reduce((sum, s) => sum + words(s), 0);
    if (budget !== null && total > OVER_BUDGET * budget && sentences.length > 1) {
      const keepScore = (s: string) =>
        usefulness(s) - (learnedDeletionRate(s, decision) ?? decision.deletionRate);
      const ranked = sentences
        .map((s, index) => ({ s, index, score: keepScore(s) }))
        .sort((a, b) => a.score - b.score || b.index - a.index);
      const dropped = new Set<number>();
      for (const { s, index } of ranked) {
        if (total <= budget || dropped.size >= sentences.length - 1) break;
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
  if (replacements.length > 0) {
    const check = supported(out.title);
    out = mapSentences(out, (s) => rephrase(s, replacements, check));
  }
  return out;
}

/**
 * The learned style over a note's grounded sections. `supported(title)` is the grounding test of
 * that section's sentences (`grounding.ts` `supportedIn`); `transcript` what was said.
 */
export function applyLearnedStyle(
  sections: readonly NoteSection[],
  learned: LearnedStyle,
  supported: (title: string) => (text: string) => boolean,
  transcript: string,
): NoteSection[] {
  const decisions = new Map(sectionDecisions(learned).map((d) => [d.key, d]));
  const transcriptWords = new Set(scoredWords(transcript));
  const replacements = learnedReplacements(learned).filter((r) =>
    onlyRewords(r, transcriptWords),
  );
  const styled = sections.map((section) =>
    styleSection(section, decisions.get(sectionKey(section.title)), replacements, supported),
  );
  // The clinician's section order: sections they placed move among themselves; the rest stay.
  const placed = styled
    .map((section, index) => ({
      section,
      index,
      position: decisions.get(sectionKey(section.title))?.position ?? null,
    }))
    .filter((p) => p.position !== null);
  const ordered = [...placed].sort((a, b) => a.position! - b.position! || a.index - b.index);
  const out = [...styled];
  placed.forEach((slot, i) => {
    out[slot.index] = ordered[i]!.section;
  });
  return out;
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
