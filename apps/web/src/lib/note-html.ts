/**
 * Notes are HTML from the rich-text editor or generated text (spec point 3 "Generated notes
 * entry": "markdown-like or HTML"). They come back from the server as stored, so before they are
 * rendered they pass an allow-list: only formatting tags survive, every attribute is dropped
 * except a safe link address. What is not allowed is unwrapped (its text kept), and elements that
 * can run code or load content are removed with their content.
 */

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  ...HEADING_TAGS,
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

const REMOVED_WITH_CONTENT = new Set([
  'applet',
  'audio',
  'base',
  'button',
  'canvas',
  'embed',
  'form',
  'frame',
  'frameset',
  'head',
  'iframe',
  'img',
  'input',
  'link',
  'math',
  'meta',
  'noscript',
  'object',
  'picture',
  'script',
  'select',
  'source',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
]);

const SAFE_LINK = /^(https?:|mailto:)/i;
/** Blocks followed by an empty line in plain text, as they are visually separated. */
const PARAGRAPH_TAGS = new Set(['blockquote', ...HEADING_TAGS, 'ol', 'p', 'pre', 'table', 'ul']);
/** Blocks that start on a line of their own in plain text. */
const BLOCK_TAGS = new Set([...PARAGRAPH_TAGS, 'div', 'hr', 'li', 'tr']);

const LOOKS_LIKE_HTML = /<\/?[a-z][\s\S]*>/i;

const tagOf = (node: Node) => (node as Element).tagName.toLowerCase();

function copySafeAttributes(from: Element, to: HTMLElement) {
  const tag = tagOf(from);
  if (tag === 'a') {
    const href = from.getAttribute('href')?.trim() ?? '';
    if (SAFE_LINK.test(href)) {
      // No target: a note's HTML is copied into other records, where it should not decide how
      // windows open (issue 11); rel keeps the note's address from the linked site.
      to.setAttribute('href', href);
      to.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan']) {
      const value = from.getAttribute(name);
      if (value && /^\d{1,3}$/.test(value)) to.setAttribute(name, value);
    }
  }
  if (tag === 'ol') {
    const start = from.getAttribute('start');
    if (start && /^\d{1,6}$/.test(start)) to.setAttribute('start', start);
  }
}

function copyAllowed(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const tag = tagOf(child);
    if (REMOVED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      copyAllowed(child, to, doc);
      continue;
    }
    const element = doc.createElement(tag);
    copySafeAttributes(child as Element, element);
    copyAllowed(child, element, doc);
    to.appendChild(element);
  }
}

/** Parses untrusted HTML into a detached container holding only allowed tags and attributes. */
function sanitizedTree(html: string): HTMLElement {
  // DOMParser documents are inert: scripts do not run and images do not load while parsing.
  const source = new DOMParser().parseFromString(html, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const container = target.createElement('div');
  copyAllowed(source.body, container, target);
  return container;
}

export function sanitizeHtml(html: string): string {
  return sanitizedTree(html).innerHTML;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/**
 * Safe HTML for a note: HTML is sanitised; plain or markdown-like text keeps its line breaks
 * (blank lines make paragraphs).
 */
export function noteToSafeHtml(content: string): string {
  if (LOOKS_LIKE_HTML.test(content)) return sanitizeHtml(content);
  return content
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/**
 * Block boundaries in the plain-text build (private-use characters), collapsed at the end so
 * nested blocks never stack up blank lines.
 */
const LINE_BREAK = '\uE000';
const BLANK_LINE = '\uE001';

function appendPlainText(node: Node, out: string[]) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      // Whitespace in markup renders as one space, so copy it that way too.
      out.push((child.textContent ?? '').replace(/\s+/g, ' '));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = tagOf(child);
    if (tag === 'br') {
      out.push('\n');
      continue;
    }
    if ((tag === 'td' || tag === 'th') && (child as Element).previousElementSibling) out.push('\t');
    const block = BLOCK_TAGS.has(tag);
    if (block) out.push(LINE_BREAK);
    if (tag === 'li') {
      const list = child.parentNode;
      const ordered = list?.nodeType === Node.ELEMENT_NODE && tagOf(list) === 'ol';
      const position = Array.from(list?.childNodes ?? [])
        .filter((sibling) => sibling.nodeType === Node.ELEMENT_NODE && tagOf(sibling) === 'li')
        .indexOf(child);
      out.push(ordered ? `${position + 1}. ` : '- ');
    }
    appendPlainText(child, out);
    if (block) out.push(PARAGRAPH_TAGS.has(tag) ? BLANK_LINE : LINE_BREAK);
  }
}

/** The plain-text version of safe note HTML, for the clipboard's text/plain part. */
export function safeHtmlToPlainText(html: string): string {
  const out: string[] = [];
  appendPlainText(sanitizedTree(html), out);
  return out
    .join('')
    .replace(/[ \t]*[\uE000\uE001][\s\uE000\uE001]*/g, (run) =>
      run.includes(BLANK_LINE) ? '\n\n' : '\n',
    )
    .split('\n')
    .map((line) => line.replace(/^ +/, '').trimEnd())
    .join('\n')
    .trim();
}
