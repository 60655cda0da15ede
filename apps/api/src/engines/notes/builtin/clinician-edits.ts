/**
 * What the clinician typed into a note by hand survives regeneration (issue 14), where they put
 * it (issue 26). The offline engine is deterministic, so the note it wrote is known: every
 * sentence or bullet of the note the clinician has that the engine did not write is theirs. Each
 * goes back after the sentence it followed, as a paragraph of its own when it was one.
 */
import type { NoteSection } from '../note-engine';
import { paragraphsOf } from '../render';
import { mentions, splitWrittenSentences } from './instructions';

/** A sentence or bullet the clinician wrote, and where it stood. */
export interface ClinicianAddition {
  text: string;
  /** The sentence (or bullet) just before it in the edited note; null when it came first. */
  after: string | null;
  /** It opened a paragraph of its own (a line typed between paragraphs). */
  opensParagraph: boolean;
  inBullets: boolean;
}

/** The same sentence whatever its case, spacing, bold marks or closing full stop. */
const sameText = (text: string) =>
  text
    .replace(/\*\*/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?]+$/, '')
    .trim();

const titleKey = (title: string) => title.trim().toLowerCase();

const paragraphSentences = (section: NoteSection) =>
  paragraphsOf(section.content).map((p) => splitWrittenSentences(p));

/** Sentences of a section, its paragraphs' and its bullets', in order. */
const sentencesOf = (section: NoteSection) => [
  ...paragraphSentences(section).flat(),
  ...(section.bullets ?? []),
];

/** Per section title, the sentences of `edited` that `written` (the engine's own note) lacks. */
export function clinicianAdditions(
  edited: readonly NoteSection[],
  written: readonly NoteSection[],
): Map<string, ClinicianAddition[]> {
  const engineText = new Set(written.flatMap(sentencesOf).map(sameText));
  const additions = new Map<string, ClinicianAddition[]>();
  for (const section of edited) {
    const own: ClinicianAddition[] = [];
    let previous: string | null = null;
    for (const paragraph of paragraphSentences(section)) {
      paragraph.forEach((sentence, index) => {
        if (!engineText.has(sameText(sentence))) {
          own.push({
            text: sentence,
            after: previous,
            opensParagraph: index === 0,
            inBullets: false,
          });
        }
        previous = sentence;
      });
    }
    for (const bullet of section.bullets ?? []) {
      if (!engineText.has(sameText(bullet))) {
        own.push({ text: bullet, after: previous, opensParagraph: false, inBullets: true });
      }
      previous = bullet;
    }
    if (own.length > 0) additions.set(titleKey(section.title), own);
  }
  return additions;
}

/**
 * Puts back into each section the clinician's sentences a regeneration left out, each after the
 * sentence it followed when that is still there, otherwise at the section's end. A section the
 * instruction removed stays removed, and a sentence mentioning what the clinician asked to leave
 * out stays out: those were asked for.
 */
export function keepClinicianAdditions(
  sections: readonly NoteSection[],
  additions: ReadonlyMap<string, readonly ClinicianAddition[]>,
  omitted: readonly string[],
  emptyText: string,
): NoteSection[] {
  return sections.map((section) => {
    const present = new Set(sentencesOf(section).map(sameText));
    const missing = (additions.get(titleKey(section.title)) ?? []).filter(
      (addition) =>
        !present.has(sameText(addition.text)) &&
        !omitted.some((target) => mentions({ title: '', content: addition.text }, target)),
    );
    if (missing.length === 0) return section;
    const empty = section.content.trim() === emptyText && (section.bullets?.length ?? 0) === 0;
    if (empty) return { title: section.title, content: missing.map((a) => a.text).join(' ') };

    const paragraphs = paragraphSentences(section);
    const bullets = [...(section.bullets ?? [])];
    const asBullets = bullets.length > 0 && paragraphs.length === 0;
    for (const addition of missing) {
      if (asBullets || (addition.inBullets && bullets.length > 0)) {
        insertBullet(bullets, addition);
      } else {
        insertSentence(paragraphs, addition);
      }
    }
    const out: NoteSection = {
      ...section,
      content: paragraphs.map((sentences) => sentences.join(' ')).join('\n\n'),
    };
    if (bullets.length > 0) out.bullets = bullets;
    return out;
  });
}

function insertBullet(bullets: string[], addition: ClinicianAddition) {
  if (addition.after === null) {
    bullets.unshift(addition.text);
    return;
  }
  const at = bullets.findIndex((b) => sameText(b) === sameText(addition.after!));
  bullets.splice(at === -1 ? bullets.length : at + 1, 0, addition.text);
}

function insertSentence(paragraphs: string[][], addition: ClinicianAddition) {
  if (addition.after === null) {
    if (addition.opensParagraph || paragraphs.length === 0) paragraphs.unshift([addition.text]);
    else paragraphs[0]!.unshift(addition.text);
    return;
  }
  const anchor = sameText(addition.after);
  for (let p = 0; p < paragraphs.length; p += 1) {
    const sentences = paragraphs[p]!;
    const s = sentences.findIndex((sentence) => sameText(sentence) === anchor);
    if (s === -1) continue;
    if (!addition.opensParagraph) {
      sentences.splice(s + 1, 0, addition.text);
      return;
    }
    // A paragraph of its own after the anchor: the anchor's paragraph is cut there.
    const rest = sentences.splice(s + 1);
    paragraphs.splice(p + 1, 0, [addition.text], ...(rest.length > 0 ? [rest] : []));
    return;
  }
  paragraphs.push([addition.text]);
}
