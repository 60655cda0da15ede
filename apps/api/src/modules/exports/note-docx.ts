import { isCertificate } from '@clerkly/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import type { ExportedNote } from './exports.service';
import { formatLetterDate } from './letter-date';
import type { Block, Line } from './note-blocks';

const runs = (line: Line, breakBefore = false) =>
  line.map(
    (run, index) =>
      new TextRun({
        text: run.text,
        bold: run.bold,
        italics: run.italic,
        underline: run.underline ? {} : undefined,
        break: breakBefore && index === 0 ? 1 : undefined,
      }),
  );

/** Word numbering: each ordered list restarts at 1 (its own instance of the numbered format). */
const NUMBERED = 'note-numbered';

function blockParagraphs(block: Block, listInstance: () => number): Paragraph[] {
  if (block.type === 'paragraph') {
    return [
      new Paragraph({
        children: block.lines.flatMap((line, index) => runs(line, index > 0)),
        spacing: { after: 120 },
      }),
    ];
  }
  const instance = block.ordered ? listInstance() : 0;
  return block.items.map(
    (item) =>
      new Paragraph({
        children: runs(item),
        ...(block.ordered
          ? { numbering: { reference: NUMBERED, level: 0, instance } }
          : { bullet: { level: 0 } }),
      }),
  );
}

function noteParagraphs(note: ExportedNote): Paragraph[] {
  let instances = 0;
  const listInstance = () => ++instances;
  return note.sections.flatMap((section) => [
    ...(section.title === null
      ? []
      : [new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_2, keepNext: true })]),
    ...section.blocks.flatMap((block) => blockParagraphs(block, listInstance)),
  ]);
}

function letterHead(note: ExportedNote): Paragraph[] {
  return [
    new Paragraph({ children: [new TextRun({ text: note.clinician.name, bold: true, size: 26 })] }),
    ...(note.clinician.profession ? [new Paragraph({ text: note.clinician.profession })] : []),
    new Paragraph({
      text: formatLetterDate(note.consultedAt),
      alignment: AlignmentType.RIGHT,
      spacing: { before: 160, after: 240 },
    }),
    new Paragraph({ text: note.template.name, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({
      children: [new TextRun({ text: 'Patient: ', bold: true }), new TextRun(note.patient.name)],
      spacing: { after: 240 },
    }),
  ];
}

function certificateHead(note: ExportedNote): Paragraph[] {
  return [
    new Paragraph({
      text: note.template.name,
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { after: 360 },
    }),
    new Paragraph({
      children: [new TextRun({ text: 'Patient: ', bold: true }), new TextRun(note.patient.name)],
    }),
    new Paragraph({
      children: [
        new TextRun({ text: 'Date: ', bold: true }),
        new TextRun(formatLetterDate(note.consultedAt)),
      ],
      spacing: { after: 360 },
    }),
  ];
}

function signature(note: ExportedNote): Paragraph[] {
  return [
    new Paragraph({
      text: note.clinician.name,
      spacing: { before: 960 },
      border: { top: { style: BorderStyle.SINGLE, size: 4, space: 4, color: '000000' } },
    }),
    ...(note.clinician.profession ? [new Paragraph({ text: note.clinician.profession })] : []),
  ];
}

/** The note as a Word document (issue 28): real headings, bullets and numbered lists. */
export async function noteDocx(note: ExportedNote): Promise<Buffer> {
  const certificate = isCertificate(note.template);
  const document = new Document({
    creator: 'Clerkly',
    title: note.template.name,
    numbering: {
      config: [
        {
          reference: NUMBERED,
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START },
          ],
        },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun(`${note.template.name} · ${note.patient.name} · page `),
                  new TextRun({ children: [PageNumber.CURRENT] }),
                ],
              }),
            ],
          }),
        },
        children: [
          ...(certificate ? certificateHead(note) : letterHead(note)),
          ...noteParagraphs(note),
          ...(certificate ? signature(note) : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
