import { decodeEntities } from '@clerkly/contracts';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * A saved note as every export writes it (issue 28): sections with a heading and blocks of text.
 * Notes are stored as the editor's HTML (h2/p/ul/ol/li/br, bold and italics) or, from older
 * saves, plain text; both are read here once, so the PDF, the Word file and the FHIR attachments
 * carry the same words, and only the words the note has.
 */
interface Run {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
}
/** A line of a paragraph or a list item: runs of text with their emphasis. */
export type Line = Run[];
export type Block =
  { type: 'paragraph'; lines: Line[] } | { type: 'list'; ordered: boolean; items: Line[] };
export interface NoteSection {
  /** The heading as the note has it; null for text before the first heading. */
  title: string | null;
  blocks: Block[];
}

const LOOKS_LIKE_HTML = /<\/?[a-z][\s\S]*>/i;
const HEADING = /^h[1-6]$/;
/** Removed with their content, as the web app's allow-list does (apps/web/src/lib/note-html.ts). */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math', 'head']);
const PARAGRAPH_LIKE = new Set(['p', 'div', 'blockquote', 'pre', 'tr']);

type Emphasis = Omit<Run, 'text'>;

const isElement = (node: ChildNode): node is Element => isTag(node);

/** The lines of inline content: `<br>` ends a line; whitespace collapses as a browser shows it. */
function inlineLines(nodes: readonly ChildNode[], emphasis: Emphasis = {}, lines: Line[] = [[]]) {
  for (const node of nodes) {
    if (isText(node)) {
      const text = node.data.replace(/\s+/g, ' ');
      if (text !== '') lines.at(-1)!.push({ text, ...emphasis });
    } else if (isElement(node)) {
      const tag = node.name.toLowerCase();
      if (DROPPED.has(tag)) continue;
      if (tag === 'br') {
        lines.push([]);
        continue;
      }
      const next: Emphasis = { ...emphasis };
      if (tag === 'strong' || tag === 'b') next.bold = true;
      if (tag === 'em' || tag === 'i') next.italic = true;
      if (tag === 'u') next.underline = true;
      if ((tag === 'td' || tag === 'th') && lines.at(-1)!.length > 0) {
        lines.at(-1)!.push({ text: '\t' });
      }
      inlineLines(node.children, next, lines);
    }
  }
  return lines;
}

/** Trims each line's ends and drops empty lines. */
function tidy(lines: Line[]): Line[] {
  return lines
    .map((line) => {
      const runs = line.map((run) => ({ ...run }));
      if (runs[0]) runs[0].text = runs[0].text.replace(/^\s+/, '');
      const last = runs.at(-1);
      if (last) last.text = last.text.replace(/\s+$/, '');
      return runs.filter((run) => run.text !== '');
    })
    .filter((line) => line.length > 0);
}

const plainOf = (line: Line) => line.map((run) => run.text).join('');

function listItems(list: Element): Line[] {
  const items: Line[] = [];
  for (const child of list.children) {
    if (!isElement(child) || child.name.toLowerCase() !== 'li') continue;
    // A nested list's items follow their parent item, so nothing is lost in the flat layouts.
    const own = child.children.filter(
      (node) => !(isElement(node) && ['ul', 'ol'].includes(node.name.toLowerCase())),
    );
    const line = tidy(inlineLines(own)).flat();
    if (line.length > 0) items.push(line);
    for (const nested of child.children) {
      if (isElement(nested) && ['ul', 'ol'].includes(nested.name.toLowerCase())) {
        items.push(...listItems(nested));
      }
    }
  }
  return items;
}

function htmlSections(html: string): NoteSection[] {
  const sections: NoteSection[] = [{ title: null, blocks: [] }];
  const current = () => sections.at(-1)!;
  let loose: ChildNode[] = [];
  const flushLoose = () => {
    const lines = tidy(inlineLines(loose));
    if (lines.length > 0) current().blocks.push({ type: 'paragraph', lines });
    loose = [];
  };
  const walk = (nodes: readonly ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) {
        loose.push(node);
        continue;
      }
      const tag = node.name.toLowerCase();
      if (DROPPED.has(tag)) continue;
      if (HEADING.test(tag)) {
        flushLoose();
        const title = plainOf(tidy(inlineLines(node.children)).flat());
        if (title !== '') sections.push({ title, blocks: [] });
      } else if (tag === 'ul' || tag === 'ol') {
        flushLoose();
        const items = listItems(node);
        if (items.length > 0) current().blocks.push({ type: 'list', ordered: tag === 'ol', items });
      } else if (PARAGRAPH_LIKE.has(tag) || tag === 'table' || tag === 'tbody' || tag === 'thead') {
        flushLoose();
        const hasBlocks = node.children.some(
          (child) =>
            isElement(child) &&
            /^(h[1-6]|p|div|ul|ol|table|tbody|thead|tr|blockquote|pre)$/.test(child.name),
        );
        if (hasBlocks) walk(node.children);
        else {
          loose = [...node.children];
          flushLoose();
        }
      } else {
        loose.push(node);
      }
    }
    flushLoose();
  };
  walk(parseDocument(html, { decodeEntities: true }).children);
  return sections.filter((section) => section.title !== null || section.blocks.length > 0);
}

/** Plain text as the web app shows it: blank lines make paragraphs, line breaks stay. */
function textSections(text: string): NoteSection[] {
  const blocks: Block[] = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map((line) => [{ text: decodeEntities(line) }]),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => ({ type: 'paragraph', lines }));
  return blocks.length > 0 ? [{ title: null, blocks }] : [];
}

export function noteSections(content: string): NoteSection[] {
  return LOOKS_LIKE_HTML.test(content) ? htmlSections(content) : textSections(content);
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function lineHtml(line: Line): string {
  return line
    .map((run) => {
      let html = escapeHtml(run.text);
      if (run.underline) html = `<u>${html}</u>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join('');
}

/** A section's blocks as clean XHTML-compatible markup (FHIR narrative and attachments). */
export function blocksHtml(blocks: readonly Block[]): string {
  return blocks
    .map((block) =>
      block.type === 'paragraph'
        ? `<p>${block.lines.map(lineHtml).join('<br/>')}</p>`
        : `<${block.ordered ? 'ol' : 'ul'}>${block.items.map((item) => `<li>${lineHtml(item)}</li>`).join('')}</${block.ordered ? 'ol' : 'ul'}>`,
    )
    .join('');
}

export function sectionsHtml(sections: readonly NoteSection[]): string {
  return sections
    .map(
      (section) =>
        (section.title === null ? '' : `<h2>${escapeHtml(section.title)}</h2>`) +
        blocksHtml(section.blocks),
    )
    .join('');
}

function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((block) =>
      block.type === 'paragraph'
        ? block.lines.map(plainOf).join('\n')
        : block.items
            .map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${plainOf(item)}`)
            .join('\n'),
    )
    .join('\n\n');
}

/** Plain text with the headings on their own lines, as a plain EHR text box takes it. */
export function sectionsText(sections: readonly NoteSection[]): string {
  return sections
    .map((section) =>
      [section.title, blocksText(section.blocks)].filter((part) => part).join('\n\n'),
    )
    .join('\n\n');
}
