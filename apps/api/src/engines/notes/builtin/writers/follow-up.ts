/** Follow-up and safety-netting: when to come back, and what should bring the patient back sooner. */
import { uniqueBy } from '../style';
import { followUpLine, planStatement } from './assessment-and-plan';
import { FOLLOW_UP_TALK, SAFETY_NET_TALK } from './next-steps';
import { type SectionBody, type WriterContext } from './writer';

export function writeFollowUp(ctx: WriterContext): SectionBody | null {
  const lines: string[] = [];
  const follow = followUpLine(ctx);
  if (follow) lines.push(follow);
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.question || u.phase !== 'plan') continue;
    if (FOLLOW_UP_TALK.test(u.text)) {
      const line = planStatement(ctx, u.text);
      if (line) lines.push(line);
    }
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  return unique.length > 0 ? { content: unique.slice(0, 4).join(' ') } : null;
}

export function writeSafetyNetting(ctx: WriterContext): SectionBody | null {
  const lines: string[] = [];
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.question || u.phase !== 'plan') continue;
    if (SAFETY_NET_TALK.test(u.text)) {
      const line = planStatement(ctx, u.text);
      if (line) lines.push(line);
    }
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  return unique.length > 0 ? { content: unique.slice(0, 4).join(' ') } : null;
}
