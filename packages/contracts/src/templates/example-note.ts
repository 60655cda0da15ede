import type { TemplateSection, TemplateSectionFormat } from './own-templates';
import { OWN_TEMPLATE_LIMITS } from './own-templates';

/**
 * "From an example note" (issue 27): a clinician pastes one of their own notes and gets a
 * template with its sections, in its order and format. Runs in the browser (the clinician reviews
 * the result before anything is sent) and in the benchmark, so both read a note the same way.
 */

/** What stands in for an identifier removed from an example. */
const REMOVED = { name: '[name]', date: '[date]', number: '[number]' } as const;

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE_PATTERNS = [
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/g,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\.?,?\\s+\\d{4}\\b`, 'gi'),
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, 'gi'),
];
/** A title before a name: the name is the capitalised words after it. */
const TITLED_NAME =
  /\b(Mr|Mrs|Ms|Miss|Mx|Dr|Prof)(\.?)\s+[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+){0,2}/g;
/** A labelled identifier: "Name: Jane Doe", "Patient: ...", "DOB: ...", "MRN: 12345". */
const LABELLED =
  /\b(name|patient|patient name|dob|date of birth|mrn|medicare(?: number)?|nhs(?: number)?|phone|tel|address|email)\s*[:#]\s*([^\n,;]+)/gi;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.-]+\b/g;
/** Five or more digits (record numbers, phone numbers); spaced phone numbers too. */
const LONG_NUMBER = /\b\d(?:[\s-]?\d){4,}\b/g;
/** "John Smith is a 45-year-old": a capitalised pair opening a sentence before a verb. */
const LEADING_NAME =
  /(^|[.!?]\s+|\n)([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){1,2})(?=\s+(?:is|was|has|had|presents|presented|returns|comes|came|attends|attended|reports|states|denies)\b)/g;

/** Names, dates and numbers that identify a patient replaced by placeholders. */
export function removeIdentifiers(text: string): string {
  let out = text.replace(EMAIL, REMOVED.number);
  out = out.replace(LABELLED, (_m, label: string, value: string) => {
    const lower = label.toLowerCase();
    const stand =
      lower === 'dob' || lower === 'date of birth'
        ? REMOVED.date
        : /name|patient/.test(lower)
          ? REMOVED.name
          : REMOVED.number;
    return `${label}: ${value.trim().length > 0 ? stand : ''}`;
  });
  for (const pattern of DATE_PATTERNS) out = out.replace(pattern, REMOVED.date);
  out = out.replace(LONG_NUMBER, REMOVED.number);
  out = out.replace(
    TITLED_NAME,
    (_m, title: string, dot: string) => `${title}${dot} ${REMOVED.name}`,
  );
  out = out.replace(LEADING_NAME, (_m, head: string) => `${head}${REMOVED.name}`);
  return out;
}

const BULLET = /^\s*(?:[-*•·‣▪]|\d{1,2}[.)])\s+/;
const MARKDOWN_HEADING = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/;
/** "HPI:", "Assessment and plan:" alone on a line, or "CC: knee pain" with content after it. */
const LABEL_LINE = /^\s*([A-Za-z][A-Za-z/&()' -]{0,48}?)\s*:\s*(.*)$/;
const NUMBERED_HEADING = /^\s*(?:\d{1,2}|[IVX]{1,4})[.)]\s+([A-Z][A-Za-z/&()' -]{1,48})\s*:?\s*$/;

function isAllCapsHeading(line: string): boolean {
  const t = line.trim().replace(/:$/, '');
  if (t.length < 2 || t.length > 50 || !/[A-Z][^a-z]*[A-Z]/.test(t)) return false;
  return t === t.toUpperCase() && /^[A-Z0-9 /&()'-]+$/.test(t) && t.split(/\s+/).length <= 6;
}

/** A heading as the clinician wrote it ("A/P", "HISTORY", "Plan"), without its colon. */
function headingTitle(raw: string): string {
  return raw
    .trim()
    .replace(/[:#]+$/, '')
    .trim();
}

interface RawSection {
  title: string;
  lines: string[];
}

/**
 * How strongly a line announces a section: a markdown heading, an all-caps line, a numbered part,
 * a "Label:" line. Notes nest the weaker kinds inside the stronger ("RESULTS" holding
 * "Lipid panel: elevated cholesterol."), so only the strongest kind the note uses as its
 * headings (see `sectionLevel`) and anything stronger start sections.
 */
const HEADING_STRENGTH = { markdown: 3, allCaps: 2, numbered: 1, label: 0 } as const;

interface HeadingLine {
  title: string;
  rest: string;
  strength: number;
}

function headingOf(line: string): HeadingLine | null {
  const md = MARKDOWN_HEADING.exec(line);
  if (md?.[1]) return { title: md[1], rest: '', strength: HEADING_STRENGTH.markdown };
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered?.[1] && numbered[1].split(/\s+/).length <= 6)
    return { title: numbered[1], rest: '', strength: HEADING_STRENGTH.numbered };
  if (isAllCapsHeading(line))
    return { title: line.trim().replace(/:$/, ''), rest: '', strength: HEADING_STRENGTH.allCaps };
  if (BULLET.test(line)) return null;
  const label = LABEL_LINE.exec(line);
  if (label?.[1] && label[1].trim().split(/\s+/).length <= 5) {
    return { title: label[1], rest: label[2] ?? '', strength: HEADING_STRENGTH.label };
  }
  return null;
}

/**
 * The weakest heading kind that starts a section: the strongest kind the note uses at least twice
 * (its own sections), or, in a note with no repeated kind, every heading it has.
 */
function sectionLevel(headings: readonly HeadingLine[]): number {
  const strengths = [...new Set(headings.map((h) => h.strength))].sort((a, b) => b - a);
  const repeated = strengths.find((s) => headings.filter((h) => h.strength === s).length >= 2);
  return repeated ?? Math.min(...strengths, HEADING_STRENGTH.label);
}

/** "Patient: …", "DOB: …", "MRN: …" lines identify the patient; they are not a section. */
const IDENTIFYING_LINE =
  /^\s*(?:name|patient|patient name|dob|date of birth|mrn|medicare(?: number)?|nhs(?: number)?|phone|tel|address|email|date)\s*[:#]/i;

function splitSections(note: string): RawSection[] {
  const lines = note
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !IDENTIFYING_LINE.test(line));
  const level = sectionLevel(lines.flatMap((line) => headingOf(line) ?? []));
  const sections: RawSection[] = [];
  for (const line of lines) {
    if (line.trim().length === 0) {
      sections.at(-1)?.lines.push('');
      continue;
    }
    const heading = headingOf(line);
    if (heading && (heading.strength >= level || sections.length === 0)) {
      sections.push({
        title: headingTitle(heading.title),
        lines: heading.rest.trim() ? [heading.rest] : [],
      });
    } else if (sections.length === 0) {
      sections.push({ title: 'Summary', lines: [line] });
    } else {
      sections.at(-1)!.lines.push(line);
    }
  }
  return sections;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function formatOf(lines: string[]): TemplateSectionFormat {
  const filled = lines.filter((l) => l.trim().length > 0);
  const bullets = filled.filter((l) => BULLET.test(l)).length;
  return filled.length > 0 && bullets * 2 >= filled.length ? 'bullets' : 'prose';
}

function guidanceFor(title: string, format: TemplateSectionFormat, lines: string[]): string {
  const filled = lines.filter((l) => l.trim().length > 0);
  const total = words(filled.join(' '));
  if (total === 0) return `${title}, as discussed.`;
  const shape =
    format === 'bullets'
      ? `${filled.length} bullet point${filled.length === 1 ? '' : 's'}`
      : `${Math.max(
          1,
          filled
            .join(' ')
            .split(/[.!?](?:\s|$)/)
            .filter((s) => s.trim()).length,
        )} sentence(s)`;
  return `${title} as in my example: about ${total} words in ${shape}.`;
}

/**
 * The sections of a pasted note: headings (markdown, all-caps lines, numbered parts, "Label:"
 * lines; a weaker kind nested under the note's own headings stays in its section) in order, each with guidance describing its length and shape, its format, and its
 * content as the style example with the patient's identifiers removed.
 */
export function sectionsFromExampleNote(note: string): TemplateSection[] {
  const raw = splitSections(note.slice(0, OWN_TEMPLATE_LIMITS.exampleNoteChars));
  const merged: RawSection[] = [];
  for (const section of raw) {
    const previous = merged.find((s) => s.title.toLowerCase() === section.title.toLowerCase());
    if (previous) previous.lines.push(...section.lines);
    else merged.push(section);
  }
  return merged.slice(0, OWN_TEMPLATE_LIMITS.sections).map((section) => {
    const format = formatOf(section.lines);
    const example = removeIdentifiers(
      section.lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    ).slice(0, OWN_TEMPLATE_LIMITS.exampleChars);
    const title = section.title.slice(0, OWN_TEMPLATE_LIMITS.titleChars);
    return {
      title,
      guidance: guidanceFor(title, format, section.lines),
      format,
      ...(example ? { example } : {}),
    };
  });
}
