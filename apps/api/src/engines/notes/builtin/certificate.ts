/**
 * Certificates (template kind "certificate"): filled from what was said — who, when, the period
 * of leave ("off work for three days" → from/to dates), fitness and restrictions — with a
 * visible "[not stated]" wherever the consultation did not say, never a guess or a default
 * (issue 21): "rest for a week" is advice, not a period off work, and "A medical condition" or
 * "Unfit for all work" are statements only the clinician may make. A note holding the
 * placeholder cannot be saved until the clinician fills it (`unfilledFields`, packages/contracts).
 */
import { FIELD_PLACEHOLDER, ONES } from '@clerkly/contracts';
import type { NoteTopic } from '../note-engine';
import type { Consultation, Utterance } from './consultation';
import { wordCount } from './normalise';
import { toSentence } from './style';
import { writeTopic } from './topics';
import type { SectionBody, WriterContext } from './writers/writer';

const NOT_STATED = FIELD_PLACEHOLDER;

export interface CertificateContext {
  consultationDate: Date;
  clinicianName: string | null;
}

export interface LeavePeriod {
  from: Date;
  to: Date;
  /** Inclusive days; null when the end was said as "until Friday" (see `findLeave`). */
  days: number | null;
}

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function addDays(date: Date, days: number): Date {
  const out = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  out.setDate(out.getDate() + days);
  return out;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** Counts said before "days" or "weeks" besides the number words. */
const VAGUE_COUNTS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  couple: 2,
  'a couple of': 2,
  'a couple': 2,
  few: 3,
  'a few': 3,
};

function countWord(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return VAGUE_COUNTS[word] ?? ONES[word] ?? null;
}

/**
 * Time away from work or study said as such; "rest", "leave it" or "take it off" are not. A
 * certificate or note for work with its period ("a certificate for work until friday"), or a
 * certificate for a number of days ("I will write you a medical certificate for three days"),
 * says it too, unless it certifies fitness or duties instead (`CERTIFIES_FITNESS`).
 */
const LEAVE_CONTEXT =
  /\b(?:(?:medical )?(?:certificate|sick note|note) for (?:work|school|uni|university|college|your (?:work|employer|school)|(?:the next )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple(?: of)?|a few) (?:days?|weeks?))|off work|off from work|off school|off from school|off (?:of )?(?:uni|university|college|classes|duties)|away from (?:work|school|uni|university|college)|stay (?:at )?home from (?:work|school)|unfit for (?:work|duties|study|school)|not fit for (?:work|duties|study|school)|sick leave|carer'?s leave|personal leave|time off(?: work| school)?|home from (?:work|school)|not (?:go|going) (?:to|back to) (?:work|school)|no work|miss (?:work|school)|out of work)\b/;
const DURATION =
  /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple(?: of)?|a few)\s+(days?|weeks?)\b/;

/** A certificate of what the patient can do, not of time off ("fit for light duties"). */
const CERTIFIES_FITNESS =
  /\b(?:fit (?:for|to)|light duties|modified duties|restricted duties|alternative duties|reduced hours)\b/;

/** The leave the clinician stated, as inclusive dates starting on the consultation date. */
export function findLeave(c: Consultation, start: Date): LeavePeriod | null {
  const candidates = c.utterances.filter((u) => u.role === 'clinician' || u.role === 'patient');
  const ordered = [
    ...candidates.filter((u) => u.role === 'clinician'),
    ...candidates.filter((u) => u.role !== 'clinician'),
  ];
  for (const u of ordered) {
    if (!LEAVE_CONTEXT.test(u.text) || CERTIFIES_FITNESS.test(u.text)) continue;
    const from = /\b(?:starting|from|beginning) tomorrow\b/.test(u.text)
      ? addDays(start, 1)
      : start;
    const d = DURATION.exec(u.text);
    if (d?.[1] && d[2]) {
      const n = countWord(d[1].trim());
      if (n !== null && n > 0) {
        const days = /^week/.test(d[2]) ? n * 7 : n;
        if (days <= 365) return { from, to: addDays(from, days - 1), days };
      }
    }
    if (/\b(?:the rest of (?:the|this) week)\b/.test(u.text)) {
      const friday = (5 - from.getDay() + 7) % 7;
      return { from, to: addDays(from, friday), days: friday + 1 };
    }
    if (/\b(?:today and tomorrow)\b/.test(u.text)) return { from, to: addDays(from, 1), days: 2 };
    const until =
      /\buntil (?:next )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/.exec(u.text);
    if (until?.[1]) {
      const target = DAY_NAMES.indexOf(until[1]);
      let diff = (target - from.getDay() + 7) % 7;
      if (diff === 0) diff = 7;
      // "Until Friday" is said both of a leave that includes Friday and of one back at work on
      // Friday: the certificate says "until" as the clinician did, and neither count nor return
      // date is written for them.
      return { from, to: addDays(from, diff), days: null };
    }
  }
  return null;
}

const RESTRICTIONS =
  /\b(?:light duties|modified duties|restricted duties|alternative duties|desk (?:work|duties)|no (?:heavy )?lifting|avoid (?:heavy )?lifting|lifting (?:no more than|more than|over) \d+|no driving|avoid driving|no (?:manual|physical) work|work from home|reduced hours|part-time|fit (?:for|to return to) (?:work|duties|full duties|normal duties|modified duties)|unfit for (?:all )?(?:work|duties))\b/;

function restrictionSentences(ctx: WriterContext): string[] {
  return ctx.c.utterances
    .filter((u: Utterance) => u.role === 'clinician' && !u.question && RESTRICTIONS.test(u.text))
    .map((u) =>
      toSentence(
        u.text
          .replace(/\byou\b/g, ctx.c.pronouns.subject)
          .replace(/\byour\b/g, ctx.c.pronouns.possessive),
        ctx.c.name,
      ),
    )
    .filter((s) => wordCount(s) >= 3)
    .slice(0, 3);
}

function dateOfBirth(c: Consultation): string | null {
  for (const u of c.utterances) {
    const m =
      /\b(?:date of birth|dob|born on)\b(?: is)?\s+([0-9/.-]{6,10}|[a-z]+ \d{1,2}(?:st|nd|rd|th)?,? \d{4})/.exec(
        u.text,
      );
    if (m?.[1]) return m[1];
  }
  return null;
}

function disclosureAgreed(c: Consultation): boolean {
  return c.utterances.some(
    (u) =>
      /\b(?:okay|happy|fine|alright|comfortable) (?:for me |for us )?(?:to|if (?:i|we|you)) (?:put|include|mention|disclose|write|state|say)\b/.test(
        u.text,
      ) && /\b(?:diagnosis|condition|certificate|employer|work|boss)\b/.test(u.text),
  );
}

function capitaliseName(name: string): string {
  return name.replace(/\b[a-z]/g, (ch) => ch.toUpperCase());
}

/** One certificate topic, or null when the topic is not a certificate field we know. */
export function writeCertificateTopic(
  ctx: WriterContext,
  topic: NoteTopic,
  cert: CertificateContext,
): SectionBody {
  const c = ctx.c;
  const name = topic.name.toLowerCase();
  const seen = cert.consultationDate;
  const leave = findLeave(c, seen);
  const patientName = c.name ? capitaliseName(c.name) : NOT_STATED;

  if (/^(?:patient|carer|patient details|employee|student)$/.test(name)) {
    return { content: `Name: ${patientName}\nDate of birth: ${dateOfBirth(c) ?? NOT_STATED}` };
  }
  if (/\bdate of (?:consultation|assessment|examination|visit)\b/.test(name)) {
    return { content: formatDate(seen) };
  }
  if (/\bmedical condition\b|\bcondition\b/.test(name)) {
    if (disclosureAgreed(c) && c.chiefComplaint) {
      return { content: toSentence(c.chiefComplaint) };
    }
    // Whether to name the condition or write "a medical condition" is the clinician's call.
    return { content: NOT_STATED };
  }
  if (/\bperiod of (?:incapacity|care|leave)|period of care required|absence\b/.test(name)) {
    if (!leave) {
      return { content: `From ${NOT_STATED} to ${NOT_STATED} inclusive.` };
    }
    const who = /care/.test(name)
      ? 'The carer is required to provide care'
      : 'The patient is unfit for work';
    const study = /study/.test(topic.guidance.toLowerCase())
      ? 'The patient is unfit for study'
      : who;
    if (leave.days === null) {
      return { content: `${study} from ${formatDate(leave.from)} until ${formatDate(leave.to)}.` };
    }
    return {
      content: `${study} from ${formatDate(leave.from)} to ${formatDate(leave.to)} inclusive (${leave.days} day${leave.days === 1 ? '' : 's'}).`,
    };
  }
  if (/\breturn to work date\b|\breturn date\b/.test(name)) {
    return { content: leave?.days ? formatDate(addDays(leave.to, 1)) : NOT_STATED };
  }
  if (/\bfitness\b|\brestrictions?\b|\bcapacity\b/.test(name)) {
    const stated = restrictionSentences(ctx);
    if (stated.length > 0) return { content: stated.join(' ') };
    return { content: NOT_STATED };
  }
  if (/\bperson requiring care\b/.test(name)) {
    const relation = c.utterances
      .filter((u) => u.role !== 'clinician')
      .map(
        (u) =>
          /\bmy (mother|father|mum|mom|dad|son|daughter|child|baby|husband|wife|partner|grandmother|grandfather|brother|sister)\b/.exec(
            u.text,
          )?.[1],
      )
      .find((r): r is string => r !== undefined);
    return {
      content: relation
        ? `The carer's ${relation}, who has a medical condition requiring care.`
        : `${NOT_STATED}, who has a medical condition requiring care.`,
    };
  }
  if (/\bdeclaration\b/.test(name)) {
    return {
      content: [
        `I examined the patient on ${formatDate(seen)}. In my opinion the information above is true, and this certificate is issued in good faith.`,
        `Practitioner: ${cert.clinicianName ?? NOT_STATED}\nSignature: ____________________\nDate: ${formatDate(seen)}`,
      ].join('\n\n'),
    };
  }
  if (/\breview date\b/.test(name)) {
    return { content: c.followUp ? `Review in ${c.followUp}.` : NOT_STATED };
  }
  const body = writeTopic(ctx, topic);
  return body ?? { content: NOT_STATED };
}
