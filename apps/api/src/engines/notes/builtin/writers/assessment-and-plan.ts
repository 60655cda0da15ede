/** Assessment and plan: problems named by the clinician, each with what will be done. */
import { CONDITION_RE, localisedPain, planRelevance, symptomsIn } from '../consultation';
import { CONTROL_STATED_SOURCE } from '../lexicon';
import { wordCount } from '../normalise';
import { applyCasing, capitalise, uniqueBy } from '../style';
import { opener } from './history';
import { META, type SectionBody, type WriterContext, fromClinician } from './writer';
import { SAFETY_NET_SENTENCE, hasFollowUpSection, leftToNextStepsSection } from './next-steps';

const PROBLEM_LEAD =
  /(?:^|,\s*)(?:(?:so|and|now|lastly|finally|next|then|also|okay|alright),?\s+)*(?:for|from|regarding|in terms of|as far as|as for|with regards? to|now for|moving on to|next for|and for|lastly for|finally for|about)\s+(?:your|the|his|her)?\s*(?:(?:first|second|third|fourth|next|last|final|other|primary)\s+)?(?:problem|issue|diagnosis)?(?:\s+of)?,?\s*(?:your\s+|the\s+|his\s+|her\s+)?([a-z0-9' -]+?)(?=,|$|\.| i | we | it | you | that | so | which | is | are )/;
const DIAGNOSIS_LEAD =
  /\b(?:i think (?:that )?(?:you have|you are having|this is|it is|this (?:could|might|may) be|it (?:could|might|may) be|these are|those are|they are|you might have|you may have)|i(?: would|'d)? say (?:that )?(?:this is|it is)|you have|diagnosis (?:is|of)|diagnosed with|consistent with|positive for|looks like you have|it looks like|this looks like|suffering from|primary diagnosis of|(?:^|, )(?:so |and |well )?this is (?:probably |likely |most likely |definitely )?(?=(?:a |an )?[a-z])|\bit(?: is|'s) (?:probably|likely|most likely) (?=(?:a |an )?[a-z]))\s*(?:a |an |some |the |mild |moderate |severe |acute |chronic |little |bit |of )*([a-z0-9' -]+?)(?=,|$|\.| and | which | that | so | but | i | we | from | because )/;

const PROBLEM_TERMS = new RegExp(`${CONDITION_RE.source}`);
/** "your asthma is not well controlled": the condition reviewed is the problem. */
const CONTROL_STATED = new RegExp(`\\b${CONTROL_STATED_SOURCE}`);

function problemTitle(text: string): string | null {
  for (const re of [PROBLEM_LEAD, DIAGNOSIS_LEAD]) {
    const m = re.exec(text);
    const phrase = m?.[1]?.trim();
    if (!phrase) continue;
    const cleaned = phrase
      .replace(/^(?:your|the|his|her|a|an)\s+/, '')
      .replace(/\b(?:your|his|her|their)\s+/g, '');
    const hasCondition = PROBLEM_TERMS.test(cleaned);
    const pain =
      localisedPain(cleaned) ??
      (/(?:pain|injury|fracture|strain|sprain|tear)$/.test(cleaned) ? cleaned : null);
    if (!hasCondition && !pain && symptomsIn(cleaned).length === 0) continue;
    // Cut the phrase at the end of the last clinical term in it ("anemia in 12-2019" → "anemia").
    let end = -1;
    CONDITION_RE.lastIndex = 0;
    for (let c = CONDITION_RE.exec(cleaned); c !== null; c = CONDITION_RE.exec(cleaned)) {
      end = c.index + c[0].length;
    }
    const trimmed = end > 0 && !pain ? cleaned.slice(0, end) : cleaned;
    if (trimmed.split(' ').length > 7) continue;
    return trimmed;
  }
  // "her gout everything seems controlled": the condition, not the words run on after it.
  const reviewed = CONTROL_STATED.exec(text)?.[1];
  return (reviewed && PROBLEM_TERMS.exec(reviewed)?.[0]) ?? null;
}

/**
 * A medicine to take, said as an instruction ("take paracetamol and keep moving"): written as
 * advice given ("I advised her to take paracetamol…"). Copied as said it read as an order to the
 * note's reader, and word usefulness, learned from notes written in the third person, pruned it,
 * leaving the plan "Not discussed." though a treatment was given ("rest, drink plenty of fluids and
 * take paracetamol" too). Other instructions ("come back if…", "keep her drinking plenty of
 * fluids") read as plan items as they are.
 */
const TAKE_A_MEDICINE = /^(?:please )?(?:take|use|apply|try|start|rest),? /;

const PLAN_REWRITES: [RegExp, string][] = [
  [/^(?:i|we) (?:want|would like|need|would want) you to\b/, 'ADVISE'],
  [/^(?:i|we) (?:am|are) going to (?:have|get|need) you to\b/, 'ADVISE'],
  [/^(?:i|we) (?:recommend|suggest|advise) (?:that )?you\b/, 'ADVISE'],
  [
    /^(?:i|we) (?:would like to|want to|are going to|am going to|will|need to|plan to|would|should|can|could|might) (?:go ahead and |also |just |probably |definitely )*(?:have you|get you to)\b/,
    'SUBJECT will',
  ],
  // "we will get you a knee brace": what the patient will get, not what they will do.
  [
    /^(?:i|we) (?:would like to|want to|are going to|am going to|will|need to|plan to|would|should|can|could|might) (?:go ahead and |also |just |probably |definitely )*get you\b/,
    'SUBJECT will get',
  ],
  [
    /^(?:i|we) (?:would like to|want to|are going to|am going to|will|need to|plan to|would|can|could|should|might) (?:go ahead and |also |just |probably |definitely )*/,
    'we will ',
  ],
  [/^let us (?:go ahead and )?/, 'we will '],
  [
    /^(?:i think |i feel )?(?:we should|it would be good to|the best (?:thing|course of action) (?:is|would be) to)\b/,
    'we will',
  ],
  [/^you (?:will )?(?:need to|have to|should|must)\b/, 'SUBJECT should'],
];

const PROBLEM_PREFIX =
  /^(?:(?:so|and|now|lastly|finally|next|then|also),?\s+)*(?:for|from|regarding|in terms of|as far as|as for|with regards? to|moving on to)\s+(?:your|the|his|her)?\s*(?:(?:first|second|third|fourth|next|last|final|other|primary)\s+)?(?:problem|issue|diagnosis)?(?:\s+of)?,?\s*(?:(?:your|the|his|her)\s+)?[a-z0-9' -]*?(?:,\s*|\s+(?=i |we |it |you |that )|\.?$)/;

export function planStatement(ctx: WriterContext, raw: string): string | null {
  let t = raw
    .replace(
      /^(?:(?:so|and|now|also|then|okay|alright|sorry|pardon|excuse me|no problem|yeah)[,\s]+)+/,
      '',
    )
    .trim();
  if (/\b(?:dragon|finalize)\b/.test(t)) return null;
  // "for your first problem, your heart failure, i think ..." → "i think ..." (the problem is
  // already the paragraph's title).
  if (problemTitle(t)) t = t.replace(PROBLEM_PREFIX, '');
  t = t
    .replace(
      /,?\s*\b(?:and|so|but) (?:i|we) (?:want to|would like to|am going to|are going to|will|need to)(?: go ahead and)?\b/g,
      ', and we will',
    )
    .replace(/\b(?:i|we) (?:want|would like|need) you to\b/g, `I want ${ctx.c.pronouns.object} to`);
  t = t
    .replace(
      /,?\s*(?:okay|alright|all right|right|does that sound (?:good|okay|like a plan)|how does that sound|sound good)\s*\??$/,
      '',
    )
    .replace(/\?$/, '');
  // "i think we will increase the sertraline": the plan, not a diagnosis.
  t = t.replace(
    /^i think (?:that )?(?=(?:we|i) (?:will|should|are going|am going|need|would|can)\b)/,
    '',
  );
  // A medicine counts 2 in plan relevance ("take it easy" names none).
  if (TAKE_A_MEDICINE.test(t) && planRelevance(t) >= 2) {
    t = `I advised ${ctx.c.pronouns.object} to ${t.replace(/^please\s+/, '')}`;
  }
  for (const [re, replacement] of PLAN_REWRITES) {
    if (re.test(t)) {
      if (replacement === 'ADVISE') {
        t = `I advised ${ctx.c.pronouns.object} to ${t
          .replace(re, '')
          .trim()
          .replace(/^to\s+/, '')}`;
      } else {
        t = t.replace(re, replacement.replace('SUBJECT', 'you'));
      }
      break;
    }
  }
  t = t.replace(/\b(?:going to )?go ahead(?: and)?\s+/g, '');
  const out = fromClinician(ctx, t);
  return wordCount(out) >= 3 ? out : null;
}

interface Problem {
  title: string | null;
  lines: string[];
}

function collectProblems(ctx: WriterContext): Problem[] {
  const problems: Problem[] = [{ title: null, lines: [] }];
  const minRelevance = ctx.detail === 'detailed' ? 0 : 1;
  for (const u of ctx.c.utterances) {
    if (u.phase !== 'plan' || u.role !== 'clinician' || u.question) continue;
    if (ctx.used.has(u.id) || u.text === ctx.c.oneLiner) continue;
    if (META.test(u.text)) continue;
    if (u.command) continue;
    if (leftToNextStepsSection(ctx, u.text)) continue;
    const title = problemTitle(u.text);
    const last = problems[problems.length - 1];
    if (
      title &&
      last?.title &&
      last.lines.length === 0 &&
      DIAGNOSIS_LEAD.test(u.text) &&
      !PROBLEM_LEAD.test(u.text)
    ) {
      // "for your first problem, your back pain. i think you have a lumbar strain" → one problem,
      // named by the diagnosis.
      last.title = title;
    } else if (title) {
      const known = problems.find(
        (p) => p.title && (p.title.includes(title) || title.includes(p.title)),
      );
      if (!known) problems.push({ title, lines: [] });
      else if (known !== problems[problems.length - 1]) {
        problems.push(problems.splice(problems.indexOf(known), 1)[0] ?? known);
      }
    }
    // Advice told as it is ("try to cut down on screen time") names no medicine or test.
    const advice =
      /^(?:i|we) (?:want|would like|need) you to\b|^you (?:should|need to|have to)\b|^(?:please )?try to\b/.test(
        u.text,
      );
    // A safety net ("if you get a sudden severe headache go to A and E") is always the plan's.
    const safetyNet = SAFETY_NET_SENTENCE.test(u.text);
    if (planRelevance(u.text) < minRelevance && !title && !advice && !safetyNet) continue;
    if (wordCount(u.text) < 4) continue;
    const line = planStatement(ctx, u.text);
    if (!line) continue;
    const current = problems[problems.length - 1];
    current?.lines.push(line);
  }
  return problems
    .map((p) => ({ title: p.title, lines: uniqueBy(p.lines, (l) => l.toLowerCase()) }))
    .filter((p) => p.lines.length > 0 || p.title);
}

export function followUpLine(ctx: WriterContext): string | null {
  return ctx.c.followUp ? `Follow up in ${ctx.c.followUp}.` : null;
}

/** The plan's follow-up line, unless the template has a follow-up section of its own. */
const planFollowUpLine = (ctx: WriterContext) =>
  hasFollowUpSection(ctx) ? null : followUpLine(ctx);

function agreementLine(ctx: WriterContext): string | null {
  return ctx.c.agreed ? 'The patient agrees with the recommended plan.' : null;
}

export function writeAssessmentAndPlan(ctx: WriterContext): SectionBody | null {
  const problems = collectProblems(ctx);
  const paragraphs: string[] = [];
  const limit = ctx.detail === 'brief' ? 3 : Number.POSITIVE_INFINITY;
  for (const p of problems) {
    const lines = p.lines.slice(0, limit);
    if (p.title) {
      paragraphs.push([`${capitalise(applyCasing(p.title, null))}.`, ...lines].join('\n'));
    } else if (lines.length > 0) {
      paragraphs.push(lines.join(' '));
    }
  }
  const follow = planFollowUpLine(ctx);
  const agreed = agreementLine(ctx);
  if (paragraphs.length === 0 && !follow) return null;
  // Clinicians open the assessment with the patient in one line (who, background, why here).
  if (ctx.detail !== 'brief' && (ctx.c.age !== null || ctx.c.oneLiner)) {
    paragraphs.unshift(opener(ctx));
  }
  const tail = [follow, agreed].filter((x): x is string => x !== null);
  if (tail.length > 0) paragraphs.push(tail.join(' '));
  return { content: paragraphs.join('\n\n') };
}

export function writeAssessment(ctx: WriterContext): SectionBody | null {
  const problems = collectProblems(ctx).filter((p) => p.title);
  if (problems.length > 0) {
    const bullets = problems.map((p) => {
      const reasoning = p.lines.find((l) =>
        /\b(?:I think|I (?:would |'d )?say|consistent with|likely|probably|diagnos|because|due to|appears|suggests|controlled|under control)\b/i.test(
          l,
        ),
      );
      return `${capitalise(applyCasing(p.title ?? '', null))}${reasoning ? `: ${reasoning}` : '.'}`;
    });
    return { content: '', bullets };
  }
  const statements = ctx.c.utterances
    .filter(
      (u) =>
        u.role === 'clinician' &&
        !u.question &&
        u.phase === 'plan' &&
        /\b(?:i think|diagnos|consistent with|likely|looks like|impression)\b/.test(u.text) &&
        // "i think we will increase the sertraline": what will be done, for the plan.
        !/\bi think (?:that )?(?:we|i|you) (?:will|should|can|could|are going|need|would)\b/.test(
          u.text,
        ),
    )
    .map((u) => fromClinician(ctx, u.text))
    .slice(0, 3);
  if (statements.length > 0) return { content: statements.join(' ') };
  if (ctx.c.chiefComplaint)
    return { content: `${capitalise(applyCasing(ctx.c.chiefComplaint, null))}.` };
  return null;
}

export function writePlan(ctx: WriterContext): SectionBody | null {
  const problems = collectProblems(ctx);
  // The diagnosis is the assessment's: "I think …", and "This is likely a post viral cough."
  // where the line names the problem's own title.
  const lines = problems.flatMap((p) =>
    p.lines.filter(
      (l) =>
        !/^I (?:think|(?:would |'d )?say)\b/.test(l) &&
        !(
          p.title &&
          (/^(?:This|It) (?:is|looks like|sounds like)\b/.test(l) ||
            // "The patient's asthma is not well controlled.": the assessment's reasoning.
            /\b(?:controlled|under control)\.$/.test(l)) &&
          l.toLowerCase().includes(p.title.toLowerCase())
        ),
    ),
  );
  const follow = planFollowUpLine(ctx);
  if (follow) lines.push(follow);
  if (lines.length === 0) return null;
  return { content: '', bullets: ctx.detail === 'brief' ? lines.slice(0, 5) : lines };
}
