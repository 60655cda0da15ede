/**
 * Regeneration instructions the offline engine understands (spec point 4, "Regeneration";
 * documented in ../README.md). The clinician's free text is split into clauses; each clause is
 * one known operation or is reported back, plainly, as beyond the offline engine.
 */
import type { NoteSection } from '../note-engine';
import { paragraphsOf } from '../render';
import { toPlainLanguage } from './plain-language';
import type { Detail } from './writers/writer';
import { topicKinds } from './topics';

export interface InstructionPlan {
  detail: Exclude<Detail, 'standard'> | null;
  format: 'bullets' | 'paragraphs' | null;
  plainLanguage: boolean;
  removeSections: string[];
  addSections: string[];
  omitMentions: string[];
  /** Clauses the engine cannot follow, in the clinician's words. */
  unsupported: string[];
}

function emptyPlan(): InstructionPlan {
  return {
    detail: null,
    format: null,
    plainLanguage: false,
    removeSections: [],
    addSections: [],
    omitMentions: [],
    unsupported: [],
  };
}

export function hasOperations(plan: InstructionPlan): boolean {
  return (
    plan.detail !== null ||
    plan.format !== null ||
    plan.plainLanguage ||
    plan.removeSections.length > 0 ||
    plan.addSections.length > 0 ||
    plan.omitMentions.length > 0
  );
}

const SHORTER =
  /\b(?:shorter|shorten|short|concise|brief(?:er|ly)?|condense|summari[sz]e|less (?:detail(?:ed)?|wordy|verbose|text)|trim|cut (?:it )?down|tighten|fewer words|succinct|more compact|less long|reduce (?:the )?length)\b/;
const LONGER =
  /\b(?:more detail(?:ed|s)?|longer|expand|elaborate|more thorough|more comprehensive|in (?:more )?depth|fuller|more information|more complete|in detail|detailed|lengthen|more specific)\b/;
const BULLETS =
  /\b(?:bullet(?:s|ed|-?points?| list)?|dot points?|as a list|list form|in a list|point form|as points|listed)\b/;
const PARAGRAPHS =
  /\b(?:paragraphs?|prose|full sentences|narrative|no bullets?|without bullets?)\b/;
const PLAIN =
  /\b(?:patient[- ]friendly|plain (?:english|language|words)|lay(?:man|person|people)?(?:'s)? (?:terms|language)|simple (?:language|words|terms|english)|simpler|simplify|easier to (?:understand|read)|non-?medical|less (?:medical )?jargon|without (?:medical )?jargon|no (?:medical )?jargon|for the patient|understandable)\b/;
const REMOVE =
  /^(?:leave out|remove|omit|drop|exclude|delete|take out|get rid of|skip|no need for|do not include|don't include|without|cut)\s+(?:the\s+|a\s+|any\s+)?(.+?)(?:\s+sections?)?$/;
const NO_MENTION =
  /^(?:do not|don't|never|please do not|please don't) (?:mention|say|refer to|talk about|include any mention of)\s+(?:the\s+)?(.+)$|^(?:remove|delete|leave out|omit|drop) (?:any |all )?(?:mention|mentions|reference|references) (?:of|to)\s+(?:the\s+)?(.+)$/;
const ADD =
  /^(?:add|include|insert|append|put in|create)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:(?:section|heading)\s+(?:on|for|about|called|titled|named|with)\s+(.+)|(.+?)\s+(?:section|heading))$|^(?:add|include|insert|append|put in)\s+(?:a\s+|an\s+|the\s+)?(.+)$/;

/** Polite or filler words around an instruction ("could you please make it ..."). */
function stripPoliteness(clause: string): string {
  return clause
    .replace(
      /^(?:please|pls|kindly|could you|can you|would you|i would like you to|i'd like you to|i want you to|i want|i'd like|i would like|let's|now|then|also|and|just)\s+/g,
      '',
    )
    .replace(
      /^(?:please|pls|kindly|could you|can you|would you|i would like you to|i'd like you to|i want you to|i want|i'd like|i would like|let's|now|then|also|and|just)\s+/g,
      '',
    )
    .replace(
      /^(?:make|write|rewrite|redo|regenerate|produce|give me|generate|keep|present|format|put|turn|convert|change)\s+(?:it|this|the note|the notes|the whole note|everything|the text|it all)?\s*(?:as|in|into|to|using|with)?\s*/,
      '',
    )
    .replace(/\s*(?:please|thanks|thank you)$/, '')
    .replace(/^(?:the note|it|this)\s+/, '')
    .trim();
}

function splitClauses(instruction: string): string[] {
  return instruction
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(
      /[.;!?\n]+|,\s*(?:and\s+|then\s+)?|\s+(?:and|then|but|also)\s+(?=(?:then\s+)?(?:please\s+)?(?:use|make|add|include|remove|leave|omit|drop|exclude|delete|write|keep|put|be|give|turn|convert|format|present|rewrite|simplify|expand|shorten|more|less|list|no|do not|don't|take|get rid|skip|cut|insert|append)\b)/,
    )
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

export function parseInstruction(instruction: string | undefined): InstructionPlan {
  const plan = emptyPlan();
  if (!instruction || instruction.trim().length === 0) return plan;
  for (const original of splitClauses(instruction)) {
    const clause = stripPoliteness(original);
    if (clause.length === 0) continue;
    const mention = NO_MENTION.exec(clause);
    if (mention) {
      const target = (mention[1] ?? mention[2] ?? '').trim();
      if (target) plan.omitMentions.push(target);
      continue;
    }
    const remove = REMOVE.exec(clause);
    if (remove?.[1]) {
      const target = remove[1].trim();
      if (BULLETS.test(target)) plan.format = 'paragraphs';
      else if (/^(?:detail|details|jargon|medical jargon)$/.test(target)) {
        if (/jargon/.test(target)) plan.plainLanguage = true;
        else plan.detail = 'brief';
      } else plan.removeSections.push(target);
      continue;
    }
    if (PLAIN.test(clause)) {
      plan.plainLanguage = true;
      continue;
    }
    if (PARAGRAPHS.test(clause)) {
      plan.format = 'paragraphs';
      continue;
    }
    if (BULLETS.test(clause)) {
      plan.format = 'bullets';
      continue;
    }
    if (LONGER.test(clause)) {
      plan.detail = 'detailed';
      continue;
    }
    if (SHORTER.test(clause)) {
      plan.detail = 'brief';
      continue;
    }
    const add = ADD.exec(clause);
    const addTarget = (add?.[1] ?? add?.[2] ?? add?.[3])?.trim();
    if (addTarget) {
      plan.addSections.push(addTarget);
      continue;
    }
    plan.unsupported.push(original.trim());
  }
  return plan;
}

export function unsupportedNotice(clause: string): string {
  return `This instruction is beyond the offline engine: "${clause}". The note was written without it; edit the note directly, or ask your administrator about the language-model engine.`;
}

// --- applying -----------------------------------------------------------------------------------

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !['the', 'and', 'of', 'section', 'a', 'an'].includes(w));

/** Does the clinician's phrase ("ros", "the exam", "plan") name this section? */
export function sectionMatches(title: string, target: string): boolean {
  const t = words(title).join(' ');
  const g = words(target).join(' ');
  if (g.length === 0) return false;
  if (t === g || t.includes(g) || g.includes(t)) return true;
  const titleKinds = topicKinds({ name: title, guidance: '' }).filter((k) => k !== 'keywords');
  const targetKinds = topicKinds({ name: target, guidance: '' }).filter((k) => k !== 'keywords');
  return titleKinds.length > 0 && titleKinds.join() === targetKinds.join();
}

export function splitWrittenSentences(text: string): string[] {
  return (
    text
      // A sentence may sit in bold marks: "**Seen with her daughter.** Knee pain." is two.
      .split(/\n+|(?<=[.!?](?:\*\*)?)\s+(?=(?:\*\*)?[A-Z0-9["(])/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
  );
}

function mapText(section: NoteSection, fn: (text: string) => string): NoteSection {
  const out: NoteSection = { ...section, content: fn(section.content) };
  if (section.bullets) out.bullets = section.bullets.map(fn);
  return out;
}

export function shorten(section: NoteSection): NoteSection {
  const paragraphs = paragraphsOf(section.content);
  const sentences = paragraphs.flatMap((p) => splitWrittenSentences(p));
  const keep = Math.min(3, Math.max(1, Math.ceil(sentences.length / 2)));
  let content = section.content;
  if (sentences.length > keep) {
    // Keep each paragraph's lead sentence first: it carries the problem or the finding.
    const leads = paragraphs.map((p) => splitWrittenSentences(p)[0] ?? '').filter(Boolean);
    const chosen = leads.length >= keep ? leads.slice(0, keep) : sentences.slice(0, keep);
    content = chosen.join(' ');
  }
  const out: NoteSection = { title: section.title, content };
  if (section.bullets) out.bullets = section.bullets.slice(0, 4);
  return out;
}

export function toBullets(section: NoteSection): NoteSection {
  const sentences = paragraphsOf(section.content).flatMap((p) => splitWrittenSentences(p));
  const bullets = [...sentences, ...(section.bullets ?? [])];
  if (bullets.length === 0) return section;
  return { title: section.title, content: '', bullets };
}

export function toParagraphs(section: NoteSection): NoteSection {
  if (!section.bullets || section.bullets.length === 0) return section;
  const fromBullets = section.bullets.map((b) => (/[.!?]$/.test(b) ? b : `${b}.`)).join(' ');
  const content = [section.content, fromBullets].filter((c) => c.trim().length > 0).join('\n\n');
  return { title: section.title, content };
}

export function omitMention(section: NoteSection, target: string): NoteSection {
  const re = new RegExp(`\\b${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
  const content = paragraphsOf(section.content)
    .map((p) =>
      splitWrittenSentences(p)
        .filter((s) => !re.test(s))
        .join(' '),
    )
    .filter((p) => p.length > 0)
    .join('\n\n');
  const out: NoteSection = { title: section.title, content };
  if (section.bullets) out.bullets = section.bullets.filter((b) => !re.test(b));
  return out;
}

export function mentions(section: NoteSection, target: string): boolean {
  const re = new RegExp(`\\b${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
  return re.test(section.content) || (section.bullets ?? []).some((b) => re.test(b));
}

export function titleCase(text: string): string {
  const small = new Set(['and', 'of', 'or', 'the', 'to', 'for', 'in', 'on', 'a', 'an', 'with']);
  return text
    .trim()
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export function plainLanguage(section: NoteSection): NoteSection {
  return mapText(section, toPlainLanguage);
}
