/** Topics with no dedicated writer, filled from the sentences that share the most words with them. */
import type { NoteTopic } from '../../note-engine';
import { type Utterance } from '../consultation';
import { wordCount } from '../normalise';
import { uniqueBy } from '../style';
import { planStatement } from './assessment-and-plan';
import { questionAnswerSentences } from './questions-and-answers';
import { META, type SectionBody, type WriterContext, fromClinician, fromPatient } from './writer';

const STOP = new Set(
  'a an the and or of to for in on with by as at from into any all each this that these those their its it be is are was were any only not never other such as when where what which who how than then if else also per e g eg via including include includes relevant brief briefly short one two state stated statement patient patients clinician consultation discussed given note notes section list use written plain words your you we our'.split(
    ' ',
  ),
);

export function topicKeywords(topic: NoteTopic): string[] {
  return [
    ...new Set(
      `${topic.name} ${topic.guidance}`
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length > 3 && !STOP.has(w)),
    ),
  ];
}

/**
 * Topics the engine has no dedicated writer for: sentences that share the most words with the
 * topic's name and guidance, in conversation order.
 */
export function writeByKeywords(ctx: WriterContext, keywords: string[]): SectionBody | null {
  const stems = keywords.map((k) => k.slice(0, Math.max(4, k.length - 2)));
  if (stems.length === 0) return null;
  const scored: { u: Utterance; score: number }[] = [];
  for (const u of ctx.c.utterances) {
    if (u.question && !u.answer) continue;
    if (META.test(u.text)) continue;
    const words = u.text.split(/[^a-z0-9]+/);
    const score = stems.filter((s) => words.some((w) => w.startsWith(s))).length;
    if (score > 0 && wordCount(u.text) >= 4) scored.push({ u, score });
  }
  const top = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, ctx.detail === 'brief' ? 2 : ctx.detail === 'detailed' ? 8 : 5)
    .sort((a, b) => a.u.id - b.u.id);
  const lines = top.flatMap(({ u }) => {
    if (u.role === 'clinician') {
      if (u.question) return questionAnswerSentences(ctx, u);
      return u.phase === 'plan' ? [planStatement(ctx, u.text) ?? ''] : [fromClinician(ctx, u.text)];
    }
    return [fromPatient(ctx, u.text)];
  });
  const unique = uniqueBy(
    lines.filter((l) => wordCount(l) >= 3),
    (l) => l.toLowerCase(),
  );
  return unique.length > 0 ? { content: unique.join(' ') } : null;
}
