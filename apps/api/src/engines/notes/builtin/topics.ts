/**
 * Template topic → section writers (`writers/registry.ts`). A topic led by a specialised word with
 * no dedicated writer, or matching none, is filled from the sentences that best match the topic's
 * name and guidance words.
 */
import type { NoteTopic } from '../note-engine';
import { SECTION_WRITERS, type SectionKind } from './writers/registry';
import type { SectionBody, WriterContext } from './writers/writer';

/**
 * Clinicians' shorthand for section titles (issue 27: their own templates say "A/P", "Hx",
 * "O/E"), spelled out before the writers' names are matched.
 */
const SHORTHAND: readonly [RegExp, string][] = [
  [/\b(?:a\s*\/\s*p|a\s*&\s*p|a\s*\+\s*p)(?![\w/])/g, 'assessment and plan'],
  [/\b(?:pmhx|pmh)\b/g, 'past medical history'],
  [/\b(?:pshx|psh)\b/g, 'surgical history'],
  [/\b(?:fhx|fh)\b/g, 'family history'],
  [/\b(?:shx|sh)\b/g, 'social history'],
  [/\bhx\b/g, 'history'],
  [/\bddx\b/g, 'differential diagnosis'],
  [/\bdx\b/g, 'diagnosis'],
  [/\b(?:rx|tx)\b/g, 'treatment'],
  [/\bmx\b/g, 'management'],
  [/\bix\b/g, 'investigations'],
  [/\b(?:o\s*\/\s*e|pe)\b/g, 'examination'],
  [/\bc\s*\/\s*o\b/g, 'presenting complaint'],
  [/\bf\s*\/\s*u\b/g, 'follow-up'],
  [/\bimp\b/g, 'impression'],
  [/\bmeds\b/g, 'medications'],
  // A section called only "Instructions" holds what the patient is to do next: when to come back
  // and when to call sooner (ACI-BENCH's clinicians: "The patient will follow up in 2 weeks.").
  [/^instructions$/g, 'follow-up and patient instructions'],
];

function spellOutShorthand(name: string): string {
  return SHORTHAND.reduce((text, [re, full]) => text.replace(re, full), name);
}

function kindsByName(text: string): SectionKind[] {
  let name = spellOutShorthand(text.toLowerCase().replace(/[’']/g, "'").trim());
  const kinds: SectionKind[] = [];
  for (const { names: re, kind } of SECTION_WRITERS) {
    const m = re.exec(name);
    if (!m) continue;
    if (!kinds.includes(kind)) kinds.push(kind);
    name = name.replace(re, ' ').trim();
    if (!/[a-z]{3,}/.test(name.replace(/\b(?:and|or|of|the|to|for|with|your|&)\b/g, ''))) break;
  }
  return kinds;
}

export function topicKinds(topic: NoteTopic): SectionKind[] {
  let kinds = kindsByName(topic.name);
  // In a clinician's own template (the only topics with a chosen format), a title no writer
  // answers to ("Story", "Where we are") is chosen by its guidance, in the clinician's words
  // ("the history of the presenting complaint"). The catalogue's guidance is instructions to the
  // engine ("Date the person requiring care was seen"), not a section's name, so it is not read so.
  if (kinds.length === 0 && topic.format !== undefined && topic.guidance.trim()) {
    const byGuidance = kindsByName(topic.guidance).slice(0, 1);
    if (byGuidance[0] !== 'keywords') kinds = byGuidance;
  }
  // A topic led by a specialised word ("Risk Assessment", "Feeding and Sleep") has no dedicated
  // writer: its own guidance words choose the sentences, not the generic word after it.
  if (kinds.length === 0 || kinds[0] === 'keywords') return ['keywords'];
  return kinds;
}

const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z•])/;
const key = (sentence: string) => sentence.trim().toLowerCase();

export function writeTopic(ctx: WriterContext, topic: NoteTopic): SectionBody | null {
  const kinds = topicKinds(topic);
  const bodies: SectionBody[] = [];
  for (const kind of kinds) {
    const body = SECTION_WRITERS.find((w) => w.kind === kind)?.write(ctx, topic) ?? null;
    if (body) bodies.push(body);
  }
  if (bodies.length === 0) return null;
  if (bodies.length === 1) return bodies[0] ?? null;
  // Two writers can take the same sentence ("call me if it gets worse, and we will see you in a
  // week" is both follow-up and safety-netting): the section says it once.
  const said = new Set<string>();
  const notSaidYet = (sentence: string) => {
    if (said.has(key(sentence))) return false;
    said.add(key(sentence));
    return true;
  };
  const content = bodies
    .map((b) => b.content.split(SENTENCE_END).filter(notSaidYet).join(' '))
    .filter((c) => c.length > 0)
    .join('\n\n');
  const bullets = bodies.flatMap((b) => b.bullets ?? []);
  return bullets.length > 0 ? { content, bullets } : { content };
}
