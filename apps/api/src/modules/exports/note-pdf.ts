import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { isCertificate } from '@clerkly/contracts';
import pdfmake, { type PdfContent as Content, type PdfDocumentDefinition } from 'pdfmake';
import type { ExportedNote } from './exports.service';
import type { Block, Line } from './note-blocks';
import { formatLetterDate } from './letter-date';

// pdfmake ships Roboto as TrueType files and embeds the glyphs a document uses; reading them from
// the package's own folder keeps the build free of font copies.
const require = createRequire(import.meta.url);
const roboto = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
const fontsFolder = dirname(roboto.Roboto.normal!);
pdfmake.setFonts(roboto);
// A note never links to anything pdfmake should fetch: no URL is read, no file but the fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => dirname(path) === fontsFolder);

const runs = (line: Line) =>
  line.map((run) => ({
    text: run.text,
    ...(run.bold ? { bold: true } : {}),
    ...(run.italic ? { italics: true } : {}),
    ...(run.underline ? { decoration: 'underline' as const } : {}),
  }));

function blockContent(block: Block): Content {
  if (block.type === 'paragraph') {
    return {
      text: block.lines.flatMap((line, index) =>
        index === 0 ? runs(line) : ['\n', ...runs(line)],
      ),
      style: 'body',
    };
  }
  const items = block.items.map((item) => ({ text: runs(item) }));
  return block.ordered ? { ol: items, style: 'list' } : { ul: items, style: 'list' };
}

function noteContent(note: ExportedNote): Content[] {
  return note.sections.flatMap((section) => [
    ...(section.title === null
      ? []
      : [{ text: section.title, style: 'heading', headlineLevel: 1 } as Content]),
    ...section.blocks.map(blockContent),
  ]);
}

/** A letter: who writes, about whom, when, the template's title, then the note. */
function letter(note: ExportedNote): Content[] {
  return [
    { text: note.clinician.name, style: 'clinician' },
    ...(note.clinician.profession ? [{ text: note.clinician.profession, style: 'muted' }] : []),
    {
      text: formatLetterDate(note.consultedAt),
      style: 'muted',
      alignment: 'right',
      margin: [0, 8, 0, 16],
    },
    { text: note.template.name, style: 'title' },
    { text: [{ text: 'Patient: ', bold: true }, note.patient.name], margin: [0, 0, 0, 12] },
    ...noteContent(note),
  ];
}

/** A certificate: centred title, the patient and date as fields, the note, a signature block. */
function certificate(note: ExportedNote): Content[] {
  return [
    { text: note.template.name, style: 'title', alignment: 'center', margin: [0, 24, 0, 24] },
    {
      table: {
        widths: [110, '*'],
        body: [
          [{ text: 'Patient', bold: true }, note.patient.name],
          [{ text: 'Date', bold: true }, formatLetterDate(note.consultedAt)],
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 18],
    },
    ...noteContent(note),
    {
      stack: [
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5 }] },
        { text: note.clinician.name, margin: [0, 4, 0, 0] },
        ...(note.clinician.profession ? [{ text: note.clinician.profession, style: 'muted' }] : []),
      ],
      margin: [0, 48, 0, 0],
      unbreakable: true,
    },
  ];
}

/** The note as a PDF (issue 28): fonts embedded, headings kept with the text that follows. */
export async function notePdf(note: ExportedNote): Promise<Buffer> {
  const definition: PdfDocumentDefinition = {
    info: { title: note.template.name, author: note.clinician.name, creator: 'Clerkly' },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 64],
    content: isCertificate(note.template) ? certificate(note) : letter(note),
    footer: (page, pages) => ({
      text: `${note.template.name} · ${note.patient.name} · page ${page} of ${pages}`,
      style: 'footer',
      margin: [56, 24, 56, 0],
    }),
    // A heading alone at the foot of a page moves to the next one, with its text.
    pageBreakBefore: (node, nodes) =>
      node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().length === 0,
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.25 },
    styles: {
      clinician: { fontSize: 13, bold: true },
      muted: { color: '#555555' },
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
      body: { margin: [0, 0, 0, 6] },
      list: { margin: [0, 0, 0, 6] },
      footer: { fontSize: 8, color: '#777777' },
    },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
