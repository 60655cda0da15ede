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
      if (line && !(follow && onlyComingBack(line))) lines.push(line);
    }
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  return unique.length > 0 ? { content: unique.slice(0, 4).join(' ') } : null;
}

/** Words that only say "come back after a while". */
const COMING_BACK_WORDS =
  /\b(?:i|we|will|would|like|want|to|see|you|them|him|her|back|again|in|after|about|another|a|an|the|next|follow|up|come|return|here|with|me|and|then|okay|so|\d+|one|two|three|four|six|couple|few|of|days?|weeks?|months?|years?)\b/g;

/** "We will see them back in 2 weeks." says no more than the "Follow up in 2 weeks." before it. */
const onlyComingBack = (line: string) =>
  line
    .toLowerCase()
    .replace(COMING_BACK_WORDS, ' ')
    .replace(/[^a-z]+/g, '').length === 0;

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
