import { decodeEntities, splitNoteSentences } from '@clerkly/contracts';
import type { GeneratedNote, NoteSection } from './note-engine';

/** Every engine renders through here, so the editor and the clipboard see one format. */
export function finishNote(
  sections: NoteSection[],
  engine: string,
  notices: string[] = [],
): GeneratedNote {
  const note: GeneratedNote = {
    sections,
    html: renderNoteHtml(sections),
    text: renderNoteText(sections),
    engine,
  };
  if (notices.length > 0) note.notices = notices;
  return note;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function paragraphsOf(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** A written sentence rewritten, or null to leave it out. */
export type SentenceEdit = (sentence: string) => string | null;

/** The sentences of one line or bullet that `edit` keeps, as rewritten. */
export function keptSentences(line: string, edit: SentenceEdit): string[] {
  return splitNoteSentences(line)
    .map(edit)
    .filter((sentence): sentence is string => sentence !== null);
}

/**
 * Every sentence of a section's text through `edit`, its line and paragraph breaks kept; with
 * `dropEmpty`, a line or paragraph that loses all its sentences goes too.
 */
export function editSentencesOf(content: string, edit: SentenceEdit, dropEmpty: boolean): string {
  const keep = (text: string) => !dropEmpty || text.length > 0;
  return paragraphsOf(content)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => keptSentences(line, edit).join(' '))
        .filter(keep)
        .join('\n'),
    )
    .filter(keep)
    .join('\n\n');
}

/** `**bold**` in a section's text: what the clinician (or a model) set in bold (issue 26). */
const BOLD = /\*\*([^*\n]+?)\*\*/g;

/** Escaped text, its `**bold**` spans as `<strong>`. */
const inlineHtml = (text: string) => escapeHtml(text).replace(BOLD, '<strong>$1</strong>');

/**
 * HTML for the Tiptap editor (ARCHITECTURE "Web app"): only `h2`, `p`, `ul`, `li`, `br` and
 * `strong`, the nodes its starter kit loads without loss. All text is escaped: transcripts are
 * user input.
 */
export function renderNoteHtml(sections: readonly NoteSection[]): string {
  return sections
    .map((section) => {
      const parts = [`<h2>${escapeHtml(section.title)}</h2>`];
      for (const paragraph of paragraphsOf(section.content)) {
        const lines = paragraph.split('\n').map((line) => inlineHtml(line.trim()));
        parts.push(`<p>${lines.join('<br>')}</p>`);
      }
      if (section.bullets && section.bullets.length > 0) {
        const items = section.bullets.map((b) => `<li>${inlineHtml(b)}</li>`).join('');
        parts.push(`<ul>${items}</ul>`);
      }
      return parts.join('');
    })
    .join('');
}

/**
 * Plain text for copy: UPPERCASE headers as in clinicians' own notes (and the ACI-BENCH reference
 * notes), a blank line between header, paragraphs and sections, bullets as "• ".
 */
export function renderNoteText(sections: readonly NoteSection[]): string {
  return sections
    .map((section) => {
      const blocks = [section.title.toUpperCase(), ...paragraphsOf(section.content)];
      if (section.bullets && section.bullets.length > 0) {
        blocks.push(section.bullets.map((b) => `• ${b}`).join('\n'));
      }
      return blocks.join('\n\n').replace(BOLD, '$1');
    })
    .join('\n\n');
}

/**
 * Reads a note back into sections, from our HTML, the editor's HTML after the clinician edited
 * it, or plain text with UPPERCASE (or markdown `#`) headers. Used when regenerating from the
 * previous note, so formatting instructions apply to what the clinician has in front of them.
 */
export function parseNote(note: string): NoteSection[] {
  const isHtml = /<\s*(h[1-6]|p|ul|li|br|div)\b/i.test(note);
  // In HTML a heading is an <h2>: a bold line is the clinician's emphasis, not a new section.
  return isHtml
    ? parseNoteText(htmlToText(note), { boldLinesAreHeadings: false })
    : parseNoteText(note);
}

function htmlToText(html: string): string {
  const text = html
    .replace(/<\s*(strong|b)\b[^>]*>([\s\S]*?)<\s*\/\s*\1\s*>/gi, (_m, _tag, inner: string) =>
      inner.trim() === '' ? inner : `**${inner.trim()}**`,
    )
    .replace(/<\s*h[1-6][^>]*>([\s\S]*?)<\s*\/\s*h[1-6]\s*>/gi, (_m, inner: string) => {
      return `\n\n## ${inner.replace(/<[^>]+>/g, '').trim()}\n\n`;
    })
    .replace(/<\s*li[^>]*>([\s\S]*?)<\s*\/\s*li\s*>/gi, (_m, inner: string) => {
      return `\n• ${inner.replace(/<[^>]+>/g, '').trim()}\n`;
    })
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|ul|ol)\s*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text);
}

function isHeaderLine(line: string, boldLinesAreHeadings: boolean): string | null {
  const markdown = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
  if (markdown?.[1]) return markdown[1].replace(/\*\*/g, '').trim();
  const bold = boldLinesAreHeadings ? /^\*\*([^*]{2,80})\*\*:?$/.exec(line) : null;
  if (bold?.[1]) return bold[1].replace(/:$/, '').trim();
  // An UPPERCASE line of words (optionally ending in ":") is a header, as in the plain rendering.
  if (
    line.length <= 80 &&
    /[A-Z]{2}/.test(line) &&
    line === line.toUpperCase() &&
    /^[A-Z0-9][A-Z0-9 &/()'’,–-]*:?$/.test(line)
  ) {
    return titleCase(line.replace(/:$/, '').trim());
  }
  return null;
}

function titleCase(upper: string): string {
  const small = new Set(['and', 'of', 'or', 'the', 'to', 'for', 'in', 'on', 'a', 'an']);
  return upper
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

export function parseNoteText(
  text: string,
  { boldLinesAreHeadings = true }: { boldLinesAreHeadings?: boolean } = {},
): NoteSection[] {
  const sections: NoteSection[] = [];
  let current: { title: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const bullets: string[] = [];
    const paragraphs: string[] = [];
    let paragraph: string[] = [];
    for (const raw of current.lines) {
      const line = raw.trim();
      const bullet = /^(?:[•*-]|\d+[.)])\s+(.*)$/.exec(line);
      if (bullet?.[1]) {
        if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));
        paragraph = [];
        bullets.push(bullet[1].trim());
      } else if (line === '') {
        if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));
        paragraph = [];
      } else {
        paragraph.push(line);
      }
    }
    if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));
    const section: NoteSection = { title: current.title, content: paragraphs.join('\n\n') };
    if (bullets.length > 0) section.bullets = bullets;
    sections.push(section);
  };
  for (const raw of text.split(/\r?\n/)) {
    const header = isHeaderLine(raw.trim(), boldLinesAreHeadings);
    if (header) {
      flush();
      current = { title: header, lines: [] };
    } else {
      current ??= { title: 'Note', lines: [] };
      current.lines.push(raw);
    }
  }
  flush();
  return sections.filter((s) => s.content.length > 0 || (s.bullets?.length ?? 0) > 0);
}
