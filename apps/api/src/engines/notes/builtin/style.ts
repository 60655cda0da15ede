/**
 * Written-note polish: sentence case, acronyms (MRI, A1c), day and brand names, the patient's
 * name, and the spoken leftovers ("just", "okay?") that have no place in a clinical note.
 */
import { ACRONYMS, PROPER_WORDS } from './lexicon';
import { stripLeadingMarkers, tidyPunctuation } from './normalise';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ACRONYM_RE = new RegExp(`\\b(${ACRONYMS.map(escapeRe).join('|')})\\b`, 'g');
const PROPER_RE = new RegExp(`\\b(${PROPER_WORDS.map(escapeRe).join('|')})\\b`, 'g');

const SPECIAL_CASE: Record<string, string> = {
  a1c: 'A1c',
  hba1c: 'HbA1c',
  'ob/gyn': 'OB/GYN',
  'x-ray': 'X-ray',
  'x-rays': 'X-rays',
  spo2: 'SpO2',
  covid: 'COVID',
  'ct scan': 'CT scan',
  b12: 'B12',
};

/** Spoken tails and hedges removed from any sentence we write. */
const SPOKEN_TAILS =
  /(?:,?\s*(?:okay|ok|alright|all right|right|yeah|you know|correct|sound good|does that sound good|does that make sense|is that okay|how does that sound|and so on|and everything|and all that|anyway))+\s*([.?!]?)$/;

export function capitalise(text: string): string {
  return text.replace(/^(\W*)([a-z])/, (_m, lead: string, ch: string) => lead + ch.toUpperCase());
}

export function titleWords(text: string): string {
  return text
    .split(' ')
    .map((w) => (w.length > 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** Casing of known words inside a lowercase sentence. */
export function applyCasing(text: string, name: string | null): string {
  let out = text.replace(/\bi\b/g, 'I');
  // A title before a name first, so "ms. lane" is Ms. Lane and not multiple sclerosis.
  out = out.replace(
    /\b(mr|mrs|ms|dr)\.?\s+(?!(?:she|he|they|it|and|or|is|was|has|had|with|since|for|but|which|that|in|on|at|the|a|an|so|flare|flares|diagnosis)\b)([a-z])/g,
    (_m, t: string, c: string) => `${capitalise(t)}. ${c.toUpperCase()}`,
  );
  out = out.replace(ACRONYM_RE, (m, _word: string, at: number, whole: string) =>
    // A urine dip is a dipstick test, not the DIP joint.
    m === 'dip' && /\burine\s+$/.test(whole.slice(0, at))
      ? m
      : (SPECIAL_CASE[m] ?? m.toUpperCase()),
  );
  out = out.replace(/\bx-rays?\b/g, (m) => SPECIAL_CASE[m] ?? m);
  // Accident and Emergency, where a safety net sends the patient ("go to a and e"); not the
  // vitamins ("vitamin a and e").
  out = out.replace(/\b(to|at|in|attend(?:ed|ing)?|from) a( and |&| & )e\b/g, '$1 A$2E');
  out = out.replace(PROPER_RE, (m) => titleWords(m));
  if (name) {
    out = out.replace(
      new RegExp(`\\b${escapeRe(name.toLowerCase())}\\b`, 'g'),
      titleWords(name.toLowerCase()),
    );
    const first = name.toLowerCase().split(' ')[0];
    if (first && first.length > 2)
      out = out.replace(new RegExp(`\\b${escapeRe(first)}\\b`, 'g'), capitalise(first));
  }
  return out;
}

/** A clause as a written sentence: markers and tails off, capital first letter, a full stop. */
export function toSentence(text: string, name: string | null = null): string {
  let out = stripLeadingMarkers(text.trim());
  out = out.replace(/\bjust\b\s*/g, '');
  out = out.replace(SPOKEN_TAILS, '$1');
  // A sentence cut off mid-way ("chest pain, nausea or-") ends at its last full word.
  for (let pass = 0; pass < 3; pass += 1) {
    out = out.replace(
      /[,\s]+\b(?:or|and|but|so|because|with|the|of|to|a|an|in|on|for|that|which|if|my|your|his|their|is|was|what)\s*([.?!]?)$/,
      '$1',
    );
  }
  out = out.replace(/\?+\s*$/, '.');
  out = tidyPunctuation(out);
  if (out.length === 0) return '';
  out = applyCasing(out, name);
  out = capitalise(out);
  if (!/[.!?:]$/.test(out)) out += '.';
  return out;
}

/** "a, b and c" from a list. */
export function listJoin(items: readonly string[], conjunction = 'and'): string {
  if (items.length === 0) return '';
  if (items.length === 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] ?? ''}`;
}

export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}
