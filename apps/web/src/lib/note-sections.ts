import { noteToSafeHtml, safeHtmlToPlainText } from './note-html';

/** One section of a note as the clinician sees it: its heading (if any) and what follows. */
export interface NoteSectionView {
  /** The heading's text; null for what comes before the first heading. */
  title: string | null;
  /** The section's safe HTML, heading included: what Copy beside the heading puts on the clipboard. */
  html: string;
  /** The section's safe HTML without its heading, for display under the heading. */
  bodyHtml: string;
  /** The plain-text alternative of `html`. */
  text: string;
}

const HEADING = /^H[1-6]$/;

/**
 * Splits a note (issue 28: per-section copy) at its top-level headings, after the allow-list of
 * `note-html`, so a section's copy is exactly what is shown under that heading.
 */
export function noteSectionViews(content: string): NoteSectionView[] {
  const safe = noteToSafeHtml(content);
  const body = new DOMParser().parseFromString(safe, 'text/html').body;
  const sections: { title: string | null; heading: string; parts: string[] }[] = [];
  for (const node of Array.from(body.childNodes)) {
    const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : null;
    if (element && HEADING.test(element.tagName) && (element.textContent ?? '').trim() !== '') {
      sections.push({ title: element.textContent.trim(), heading: element.outerHTML, parts: [] });
      continue;
    }
    if (sections.length === 0) sections.push({ title: null, heading: '', parts: [] });
    sections.at(-1)!.parts.push(element ? element.outerHTML : (node.textContent ?? ''));
  }
  return sections
    .map((section) => {
      const bodyHtml = section.parts.join('');
      const html = section.heading + bodyHtml;
      return { title: section.title, html, bodyHtml, text: safeHtmlToPlainText(html) };
    })
    .filter((section) => section.text !== '');
}
