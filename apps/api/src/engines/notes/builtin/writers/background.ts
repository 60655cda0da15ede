/** Social, family, past medical and surgical history: the sentences that speak of them. */
import { type Utterance } from '../consultation';
import { wordCount } from '../normalise';
import { applyCasing, capitalise, listJoin, uniqueBy } from '../style';
import { questionAnswerSentences } from './questions-and-answers';
import {
  FAMILY_RE,
  SOCIAL_RE,
  type SectionBody,
  type WriterContext,
  fromClinician,
  fromPatient,
} from './writer';

function matchingSentences(
  ctx: WriterContext,
  re: RegExp,
  phases: Utterance['phase'][] = ['history'],
  keep: (text: string) => boolean = () => true,
): string[] {
  const lines: string[] = [];
  for (const u of ctx.c.utterances) {
    if (!phases.includes(u.phase) || !re.test(u.text) || !keep(u.text)) continue;
    if (u.role === 'clinician') {
      if (u.question && u.answer) lines.push(...questionAnswerSentences(ctx, u));
      else if (!u.question && /\b(?:you|your)\b/.test(u.text))
        lines.push(fromClinician(ctx, u.text));
    } else if (wordCount(u.text) >= 3) {
      lines.push(fromPatient(ctx, u.text));
    }
  }
  return uniqueBy(
    lines.filter((l) => wordCount(l) >= 2),
    (l) => l.toLowerCase(),
  );
}

/**
 * Social history is habits and circumstances (`SOCIAL_TERMS`). A sentence about an event, a
 * symptom or a treatment is left to the history and plan, even when it has a social word ("I
 * enjoy running but since yesterday my knee hurts").
 */
const SOCIAL_EVENT_RE =
  /\b(?:pain|hurt(?:s|ing)?|injur\w*|fell|fall|twist\w*|swollen|swelling|yesterday|last (?:night|week|weekend)|this morning|prescri\w*|medication|taking|sugars?|symptoms?)\b/;

export function writeSocialHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(
    ctx,
    SOCIAL_RE,
    ['history'],
    (text) => !SOCIAL_EVENT_RE.test(text),
  );
  return lines.length > 0
    ? {
        content: lines
          .slice(0, ctx.detail === 'brief' ? 2 : ctx.detail === 'detailed' ? 6 : 4)
          .join(' '),
      }
    : null;
}

export function writeFamilyHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(ctx, FAMILY_RE);
  return lines.length > 0 ? { content: lines.slice(0, 6).join(' ') } : null;
}

/**
 * The conditions the patient has had, named; then what was said of them. A sentence belongs here
 * when it says the patient was diagnosed with or had something ("a history of", "diagnosed with",
 * "had a heart attack", "had my gallbladder removed"), not when it only mentions surgery, an
 * illness or "the past": "we want her to have this knee surgery this summer" is the plan, "it
 * felt like I was having a heart attack" and "worse in the past six months" the present illness.
 */
const PAST_HISTORY_RE =
  /\b(?:history of|diagnosed (?:with|as)|had (?:a|an) (?:heart attack|stroke|fracture|broken \w+|surgery|operation)|had (?:my|his|her|their) \w+ (?:removed|replaced|taken out|operated on)|(?:broke|fractured) (?:my|his|her|their))\b/;
const NOT_PAST_RE =
  /\b(?:going to|gonna|scheduled|will|want|would like|plan(?:ning)?|today|this (?:week|summer|month)|worse|worsening|family|mother|father|mom|dad|brother|sister)\b/;

export function writePastHistory(ctx: WriterContext): SectionBody | null {
  const conditions = ctx.c.pastConditions;
  const lines = matchingSentences(
    ctx,
    PAST_HISTORY_RE,
    ['history'],
    (text) => !NOT_PAST_RE.test(text),
  );
  const parts: string[] = [];
  if (conditions.length > 0) parts.push(`${capitalise(applyCasing(listJoin(conditions), null))}.`);
  parts.push(...lines.slice(0, ctx.detail === 'brief' ? 1 : ctx.detail === 'detailed' ? 4 : 2));
  return parts.length > 0 ? { content: parts.join(' ') } : null;
}

export function writeSurgicalHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(
    ctx,
    /\b(?:surgery|surgeries|operation|operated|\w+ectomy|\w+plasty|\w+otomy|replacement|repair|arthroscop\w*)\b/,
  );
  return lines.length > 0 ? { content: lines.slice(0, 5).join(' ') } : null;
}
