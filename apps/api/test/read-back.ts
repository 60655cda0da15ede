import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF, as a reader extracting it would get it. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join(''),
    );
  }
  await document.destroy();
  return pages;
}

/** A Word file as Word would show it: its HTML (headings, lists) and its raw text. */
export async function docxContent(docx: Buffer) {
  const [html, text] = await Promise.all([
    mammoth.convertToHtml({ buffer: docx }),
    mammoth.extractRawText({ buffer: docx }),
  ]);
  return { html: html.value, text: text.value };
}
