/**
 * The form a clinician gave their own template's sections (issue 27), applied to any engine's
 * note after it is written: bullet points or prose as chosen, then the section's verbatim text
 * as given. The verbatim text is the clinician's own wording, not a claim about the consultation,
 * so it is added after grounding and never altered.
 */
import { toBullets, toParagraphs } from './builtin/instructions';
import type { NoteSection, NoteTopic } from './note-engine';

export const NOT_DISCUSSED = 'Not discussed.';

const isEmpty = (section: NoteSection) =>
  section.content.trim().length === 0 && (section.bullets?.length ?? 0) === 0;

/** Whether a section holds nothing but the note's "Not discussed.". */
const notDiscussed = (section: NoteSection) =>
  (section.bullets?.length ?? 0) === 0 && section.content.trim() === NOT_DISCUSSED;

/** A section with no guidance but verbatim text is that text alone: nothing is written for it. */
export const verbatimOnly = (topic: NoteTopic) =>
  Boolean(topic.verbatim?.trim()) && topic.guidance.trim().length === 0;

export function applyTemplateForm(
  sections: NoteSection[],
  topics: readonly NoteTopic[],
): NoteSection[] {
  return sections.map((section) => {
    const topic = topics.find((t) => t.name === section.title);
    if (!topic) return section;
    let out = section;
    if (topic.format && !notDiscussed(out)) {
      out = topic.format === 'bullets' ? toBullets(out) : toParagraphs(out);
    }
    const verbatim = topic.verbatim?.trim();
    if (verbatim) {
      const lead = verbatimOnly(topic) || notDiscussed(out) || isEmpty(out) ? '' : out.content;
      const content = [lead, verbatim].filter((part) => part.trim().length > 0).join('\n\n');
      out = out.bullets?.length
        ? { title: out.title, content: verbatim, bullets: out.bullets }
        : { title: out.title, content };
    }
    return out;
  });
}
