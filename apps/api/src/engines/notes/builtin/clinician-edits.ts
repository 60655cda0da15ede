/**
 * What the clinician typed into a note by hand survives regeneration (issue 14). The offline
 * engine is deterministic, so the note it wrote is known: every sentence or bullet of the note
 * the clinician has that the engine did not write is theirs.
 */
import type { NoteSection } from '../note-engine';
import { paragraphsOf } from '../render';
import { mentions, splitWrittenSentences } from './instructions';

/** Sentences of a section, its paragraphs' and its bullets', in order. */
function sentencesOf(section: NoteSection): string[] {
  return [
    ...paragraphsOf(section.content).flatMap((p) => splitWrittenSentences(p)),
    ...(section.bullets ?? []),
  ];
}

/** The same sentence whatever its case, spacing or closing full stop. */
const sameText = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?]+$/, '')
    .trim();

const titleKey = (title: string) => title.trim().toLowerCase();

/** Per section title, the sentences of `edited` that `written` (the engine's own note) lacks. */
export function clinicianAdditions(
  edited: readonly NoteSection[],
  written: readonly NoteSection[],
): Map<string, string[]> {
  const engineText = new Set(written.flatMap(sentencesOf).map(sameText));
  const additions = new Map<string, string[]>();
  for (const section of edited) {
    const own = sentencesOf(section).filter((s) => !engineText.has(sameText(s)));
    if (own.length > 0) additions.set(titleKey(section.title), own);
  }
  return additions;
}

/**
 * Puts back into each section the clinician's sentences a regeneration left out. A section the
 * instruction removed stays removed, and a sentence mentioning what the clinician asked to
 * leave out stays out: those were asked for.
 */
export function keepClinicianAdditions(
  sections: readonly NoteSection[],
  additions: ReadonlyMap<string, readonly string[]>,
  omitted: readonly string[],
  emptyText: string,
): NoteSection[] {
  return sections.map((section) => {
    const present = new Set(sentencesOf(section).map(sameText));
    const missing = (additions.get(titleKey(section.title)) ?? []).filter(
      (sentence) =>
        !present.has(sameText(sentence)) &&
        !omitted.some((target) => mentions({ title: '', content: sentence }, target)),
    );
    if (missing.length === 0) return section;
    const empty = section.content.trim() === emptyText && (section.bullets?.length ?? 0) === 0;
    if (empty) return { title: section.title, content: missing.join(' ') };
    if (section.bullets && section.bullets.length > 0 && section.content.trim() === '') {
      return { ...section, bullets: [...section.bullets, ...missing] };
    }
    return { ...section, content: `${section.content.trim()}\n\n${missing.join(' ')}` };
  });
}
