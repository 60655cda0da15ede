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
): string[] {
  const lines: string[] = [];
  for (const u of ctx.c.utterances) {
    if (!phases.includes(u.phase) || !re.test(u.text)) continue;
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

export function writeSocialHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(ctx, SOCIAL_RE);
  return lines.length > 0
    ? { content: lines.slice(0, ctx.detail === 'brief' ? 3 : 8).join(' ') }
    : null;
}

export function writeFamilyHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(ctx, FAMILY_RE);
  return lines.length > 0 ? { content: lines.slice(0, 6).join(' ') } : null;
}

export function writePastHistory(ctx: WriterContext): SectionBody | null {
  const conditions = ctx.c.pastConditions;
  const lines = matchingSentences(
    ctx,
    /\b(?:history of|diagnosed|in the past|years ago|surgery|operation|hospitali[sz]ed|had (?:a|an) [a-z]+ (?:in|when))\b/,
  );
  const parts: string[] = [];
  if (conditions.length > 0) parts.push(`${capitalise(applyCasing(listJoin(conditions), null))}.`);
  parts.push(...lines.slice(0, ctx.detail === 'brief' ? 2 : 6));
  return parts.length > 0 ? { content: parts.join(' ') } : null;
}

export function writeSurgicalHistory(ctx: WriterContext): SectionBody | null {
  const lines = matchingSentences(
    ctx,
    /\b(?:surgery|surgeries|operation|operated|\w+ectomy|\w+plasty|\w+otomy|replacement|repair|arthroscop\w*)\b/,
  );
  return lines.length > 0 ? { content: lines.slice(0, 5).join(' ') } : null;
}
