/** History of presenting illness: the one-liner, then the patient's story in the third person. */
import { CONDITION_RE, countMatches, relevance } from '../consultation';
import { wordCount } from '../normalise';
import { agree } from '../perspective';
import { capitalise, listJoin, titleWords, uniqueBy } from '../style';
import { namingWhatWasAsked, questionAnswerSentences } from './questions-and-answers';
import {
  META,
  type SectionBody,
  type WriterContext,
  fromClinician,
  fromPatient,
  sentence,
  subjectCap,
} from './writer';

function framed(ctx: WriterContext, converted: string, index: number): string {
  const p = ctx.c.pronouns;
  const lower = converted.charAt(0).toLowerCase() + converted.slice(1);
  if (!lower.startsWith(`${p.subject} `)) return converted;
  const frames = [
    'the patient states that',
    `${p.subject} ${agree(p, 'reports', 'report')} that`,
    `${p.subject} ${agree(p, 'notes', 'note')} that`,
  ];
  return capitalise(`${frames[index % frames.length] ?? ''} ${lower}`);
}

export function opener(ctx: WriterContext): string {
  const c = ctx.c;
  if (c.oneLiner) return fromClinician(ctx, c.oneLiner);
  const who = c.name ? titleWords(c.name) : 'The patient';
  const sexWord = c.sex === 'male' ? 'male' : c.sex === 'female' ? 'female' : 'patient';
  const agePart = c.age !== null ? `a ${c.age}-year-old ${sexWord}` : c.sex ? `a ${sexWord}` : null;
  // "presents today for evaluation of asthma" says the asthma once, not again as history.
  const past = c.pastConditions.filter((p) => !c.chiefComplaint?.includes(p));
  const history =
    past.length > 0
      ? ` with a past medical history significant for ${listJoin(past.slice(0, 4))}`
      : '';
  const complaint = c.chiefComplaint ? ` for evaluation of ${c.chiefComplaint}` : '';
  if (agePart)
    return sentence(ctx, `${who} is ${agePart}${history} who presents today${complaint}`);
  const pmh = history
    ? `. ${subjectCap(ctx)} ${agree(c.pronouns, 'has', 'have')} a past medical history significant for ${listJoin(past.slice(0, 4))}`
    : '';
  return sentence(ctx, `${who} presents today${complaint}${pmh}`);
}

const TOPIC_SHIFT =
  /\b(?:how are you doing with|how is|how are|what about|how about|tell me (?:a little )?(?:bit )?about|(?:talk|discuss)(?: a little)?(?: bit)? about|regarding|in terms of|as far as)\b[^.?]*?\b(?:your|the) ((?:[a-z0-9]+ ){0,3}?(?:[a-z0-9]+))\b/;

export function writeHistory(ctx: WriterContext): SectionBody | null {
  const c = ctx.c;
  const minRelevance = ctx.detail === 'detailed' ? 0 : 1;
  const paragraphs: string[][] = [[opener(ctx)]];
  const consumed = new Set<number>();
  let frameIndex = 0;
  let lastTurnFramed = -1;
  let prefix = '';
  const push = (line: string) => {
    if (line.length === 0) return;
    const target = paragraphs[paragraphs.length - 1] ?? [];
    if (prefix) {
      target.push(sentence(ctx, prefix + line.charAt(0).toLowerCase() + line.slice(1)));
      prefix = '';
    } else {
      target.push(line);
    }
  };
  const history = c.utterances.filter((u) => u.phase === 'history');
  // The clinician's last question, for a reply that goes on in a sentence of its own.
  let lastQuestion = '';
  for (const u of history) {
    if (u.role === 'clinician' && u.question) lastQuestion = u.text;
    if (consumed.has(u.id) || ctx.used.has(u.id) || u.command) continue;
    if (c.oneLiner && u.text === c.oneLiner) continue;
    if (META.test(u.text)) continue;
    if (u.role === 'clinician') {
      // A new problem being asked about starts a paragraph ("Regarding his diabetes, ...").
      const shift = TOPIC_SHIFT.exec(u.text);
      const current = paragraphs[paragraphs.length - 1] ?? [];
      if (shift?.[1] && countMatches(CONDITION_RE, shift[1]) > 0) {
        if (current.length > 1) paragraphs.push([]);
        prefix = `regarding ${c.pronouns.possessive} ${shift[1]}, `;
      }
      if (u.question) {
        if (!u.answer) continue;
        for (const a of u.answer.utterances) consumed.add(a.id);
        for (const line of questionAnswerSentences(ctx, u)) push(line);
      } else if (
        relevance(u.text) >= 2 &&
        /\b(?:you|your)\b/.test(u.text) &&
        wordCount(u.text) >= 4 &&
        !/^(?:let us|let me|i want to|i would like to|we are going to|i am going to) (?:talk|discuss|go over|ask|move on)/.test(
          u.text,
        )
      ) {
        push(fromClinician(ctx, u.text));
      }
      continue;
    }
    // Patient (or relative) speaking unprompted, or going on after answering.
    if (u.question || wordCount(u.text) < 4 || relevance(u.text) < minRelevance) continue;
    let line = fromPatient(ctx, namingWhatWasAsked(lastQuestion, u.text));
    if (u.turn !== lastTurnFramed) {
      line = framed(ctx, line, frameIndex);
      frameIndex += 1;
      lastTurnFramed = u.turn;
    }
    push(line);
  }
  const limit = ctx.detail === 'brief' ? 6 : Number.POSITIVE_INFINITY;
  const text = paragraphs
    .map((p) =>
      uniqueBy(
        p.filter((s) => s.length > 0),
        (s) => s.toLowerCase(),
      ),
    )
    .filter((p) => p.length > 0)
    .map((p, i) => (i === 0 ? p.slice(0, limit) : p.slice(0, limit)))
    .map((p) => p.join(' '))
    .join('\n\n');
  return text.length > 0 ? { content: text } : null;
}
