/**
 * Section writers: one per kind of clinical section (history, review of systems, examination,
 * results, assessment and plan, ...). Each reads the analysed consultation and writes clinical
 * third-person prose or bullets; each returns null when the consultation did not cover it, and
 * the engine writes "Not discussed." instead of inventing content.
 */
import {
  CONDITION_RE,
  EXAM_RE,
  TEST_RE,
  countMatches,
  examRelevance,
  localisedPain,
  planRelevance,
  relevance,
  stripAnswerWord,
  symptomsIn,
  type Consultation,
  type Utterance,
} from './consultation';
import { BODY_PART_PATTERN, FAMILY_TERMS, SOCIAL_TERMS, type BodySystem } from './lexicon';
import { stripLeadingMarkers, tidyPunctuation, wordCount } from './normalise';
import {
  agree,
  clinicianToThirdPerson,
  patientToThirdPerson,
  thirdPersonVerb,
} from './perspective';
import { applyCasing, capitalise, listJoin, toSentence, uniqueBy } from './style';

export type Detail = 'brief' | 'standard' | 'detailed';

export interface SectionBody {
  content: string;
  bullets?: string[];
}

export interface WriterContext {
  c: Consultation;
  detail: Detail;
  /** Utterances already written into another section of this note (avoid saying it twice). */
  used: Set<number>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const termRe = (terms: readonly string[]) =>
  new RegExp(`\\b(?:${terms.map(escapeRe).join('|')})\\b`);
const SOCIAL_RE = termRe(SOCIAL_TERMS);
const FAMILY_RE = termRe(FAMILY_TERMS);

/** Clinician talk about the visit itself, not about the patient. */
const META =
  /\b(?:dax|dragon|the nurse (?:told|said|mentioned)|tell (?:dax|the computer)|i would like to tell|record(?:ing)? (?:this|our)|let me (?:just )?(?:pull up|bring up)|finalize the note|my template|exam template|nice to (?:meet|see)|good to see|how are you (?:doing )?today|thank you for coming|i am going to ask you|i am just going to|let me ask you|if that is okay|have a seat|show me|(?:my|the) assessment and (?:my )?plan|go over (?:my|the|your) (?:assessment|plan|results)|talk about (?:my|the) (?:assessment|plan)|review of systems sheet|when you checked in|any (?:other )?questions|nurse will come|get (?:you )?checked out|i will be in touch|i will let you know what i find|let you know what i find)\b/;

function name(ctx: WriterContext): string | null {
  return ctx.c.name;
}

function sentence(ctx: WriterContext, text: string): string {
  return toSentence(text, name(ctx));
}

function subjectCap(ctx: WriterContext): string {
  return capitalise(ctx.c.pronouns.subject);
}

/** Patient speech → third person sentence (empty if nothing left). */
function fromPatient(ctx: WriterContext, text: string): string {
  return sentence(ctx, patientToThirdPerson(stripLeadingMarkers(text), ctx.c.pronouns));
}

function fromClinician(ctx: WriterContext, text: string): string {
  return sentence(ctx, clinicianToThirdPerson(stripLeadingMarkers(text), ctx.c.pronouns));
}

// --- questions and answers ----------------------------------------------------------------------

const WH_DURATION = /\bhow long\b|\bsince when\b/;
const WH_ONSET =
  /\bwhen (?:did|does|do) (?:it|this|that|the [a-z]+|your [a-z]+|you(?: first)?) (?:start|begin|happen|notice|first)\w*|\bwhen did (?:this|that|it) all\b|\bhow long ago\b|\bwhat day\b/;
const WH_SCALE = /\bscale\b|\brate (?:your|the|it)\b|\bhow (?:bad|severe)\b/;
const WH_TRIED =
  /\bwhat (?:have you|did you|are you|do you) (?:tried|try|taken|take|taking|done|do|use|using)\b|\bhave you (?:tried|taken|done) anything\b|\banything for (?:the|your|it)\b/;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  zero: 0,
};

function hasSubject(text: string): boolean {
  return /\b(?:i|it|this|that|we|he|she|they|there|my [a-z]+ (?:is|was|has|hurts))\b/.test(text);
}

/** A yes/no question and its answer → a statement ("any chest pain?" "no" → "Denies chest pain."). */
export function yesNoStatement(question: string, yes: boolean): string | null {
  let t = stripLeadingMarkers(question)
    .replace(/\?+$/, '')
    .replace(/^(?:and|so|now|also|then|okay|any chance)\s+/, '')
    .replace(/\b(?:at all|lately|recently|right now)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(/,?\s*(?:or anything|or not|anything like that|or anything else)$/, '').trim();
  const elliptical = /^(?:any|anything|any other|and any|no|what about|how about)\s+(.+)$/.exec(t);
  if (elliptical?.[1]) {
    const object = elliptical[1].replace(/^any\s+/, '').replace(/\s+any\s+/g, ' or ');
    // "any, does the pain spread?" — a restarted question.
    if (/^(?:do|does|did|are|is|was|were|have|has|can|could|will|would)\b/.test(object)) {
      return yesNoStatement(object, yes);
    }
    if (
      wordCount(object) === 0 ||
      /^(?:that|else|like that|questions?|of that|problems?|other symptoms?|symptoms?)\b/.test(
        object,
      ) ||
      /^(?:make|makes|help|helps|bother|bothers|you|i|we|that|else|like|going|happening|new|changes?|concerns?|issues?)\b/.test(
        object,
      ) ||
      /\b(?:i|you) (?:might|may|could) (?:be )?missing\b/.test(object)
    ) {
      return null;
    }
    if (/^(?:what about|how about)/.test(t) && symptomsIn(object).length === 0) return null;
    return `${yes ? 'reports' : 'denies'} ${object}`;
  }
  const inverted =
    /^(do|does|did|are|is|was|were|have|has|had|can|could|will|would)\s+(you|it|that|this|they|the [a-z]+|your [a-z]+(?: [a-z]+)?)\s+(.+)$/.exec(
      t,
    );
  if (inverted?.[1] && inverted[2] && inverted[3]) {
    const aux = inverted[1];
    const subject = inverted[2];
    let rest = inverted[3];
    if (yes) rest = rest.replace(/\bany\s+/, '').replace(/^ever\s+/, '');
    if (aux === 'do' || aux === 'does') {
      if (!yes)
        return `${subject} ${subject === 'you' || subject === 'they' ? 'do' : 'does'} not ${rest}`;
      if (subject === 'you' || subject === 'they') return `${subject} ${rest}`;
      const [verb = '', ...tail] = rest.split(' ');
      return `${subject} ${thirdPersonVerb(verb)} ${tail.join(' ')}`.trim();
    }
    return `${subject} ${aux}${yes ? '' : ' not'} ${rest}`;
  }
  const declarative = /^you\s+(.+)$/.exec(t);
  if (declarative?.[1]) {
    if (yes) return t;
    const rest = declarative[1];
    const aux = /^(are|were|have|had|can|will|was|would|should|could)\b\s*(.*)$/.exec(rest);
    if (aux?.[1]) return `you ${aux[1]} not ${aux[2] ?? ''}`.trim();
    return `you do not ${rest}`;
  }
  return null;
}

function painScore(answer: string): string | null {
  const digits = /\b(\d{1,2})(?:\s*(?:\/|out of)\s*10)?\b/.exec(answer);
  if (digits?.[1] && Number(digits[1]) <= 10) return digits[1];
  const word = /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten)\b/.exec(answer);
  return word?.[1] ? String(NUMBER_WORDS[word[1]] ?? '') : null;
}

/** What one answered clinician question contributes to the history. */
/**
 * Replies to "how long", "when was your last", "when did it start" and "what have you tried":
 * written from the first sentence of the reply, the rest as said. Null for any other question.
 */
function timingAnswerSentences(
  ctx: WriterContext,
  q: Utterance,
  contentSentences: string[],
): string[] | null {
  const answer = q.answer;
  if (!answer) return null;
  const content = answer.content;
  const p = ctx.c.pronouns;
  const [firstReply = '', ...otherReplies] = answer.utterances
    .filter((a) => !a.question)
    .map((a) => stripAnswerLead(a.text))
    .filter((t) => wordCount(t) > 0);
  const rest = otherReplies
    .filter((t) => wordCount(t) >= 3 && relevance(t) >= 1 && !META.test(t))
    .map((t) => fromPatient(ctx, t));
  if (WH_DURATION.test(q.text) && !WH_ONSET.test(q.text)) {
    const a = patientToThirdPerson(firstReply, p)
      .replace(/[.?!]+$/, '')
      .replace(/^(?:probably|maybe|i think|i would say|roughly|like)\s+/, '')
      .replace(/\s+\bor so\b/, '');
    if (wordCount(a) === 0) return rest;
    if (hasSubject(firstReply)) return [sentence(ctx, a), ...rest];
    const lead =
      /^(?:for|since|about|around|over|almost|nearly|less|more|the past|the last)\b/.test(a) &&
      !/^(?:about|around|over|almost|nearly)\b/.test(a)
        ? ''
        : 'for ';
    return [sentence(ctx, `this has been going on ${lead}${a}`), ...rest];
  }
  const lastEvent = /^(?:and |so )?when (was|were) (?:your|the) (.+?)\??$/.exec(
    stripLeadingMarkers(q.text),
  );
  if (lastEvent?.[1] && lastEvent[2] && !hasSubject(content) && wordCount(content) > 0) {
    const when = patientToThirdPerson(content, p).replace(/[.?!]+$/, '');
    return [sentence(ctx, `${p.possessive} ${lastEvent[2]} ${lastEvent[1]} ${when}`)];
  }
  if (WH_ONSET.test(q.text)) {
    const a = patientToThirdPerson(content, p).replace(/[.?!]+$/, '');
    if (wordCount(a) === 0) return [];
    if (hasSubject(content)) return [sentence(ctx, a)];
    return [sentence(ctx, `this started ${a}`)];
  }
  if (WH_TRIED.test(q.text)) {
    const a = patientToThirdPerson(content, p).replace(/[.?!]+$/, '');
    if (wordCount(a) === 0) return [];
    if (hasSubject(content)) return contentSentences.map((t) => fromPatient(ctx, t));
    return [sentence(ctx, `${p.subject} ${agree(p, 'has', 'have')} tried ${a}`)];
  }
  return null;
}

function questionAnswerSentences(ctx: WriterContext, q: Utterance): string[] {
  const answer = q.answer;
  if (!answer) return [];
  const content = answer.content;
  const out: string[] = [];
  const p = ctx.c.pronouns;
  const clinicalQuestion = relevance(q.text) >= 1;
  const contentSentences = answer.utterances
    .filter((a) => !a.question)
    .map((a) => stripAnswerLead(a.text))
    .filter(
      (t) =>
        wordCount(t) >= 3 &&
        (relevance(t) >= 1 || (clinicalQuestion && wordCount(t) >= 5)) &&
        !META.test(t),
    );
  // "is it your lower back or upper back?" → "my lower back": where the symptom is.
  if (
    contentSentences.length === 0 &&
    /\b(?:where|which|or)\b/.test(q.text) &&
    BODY_PART_PATTERN.test(content) &&
    !hasSubject(content) &&
    wordCount(content) <= 6
  ) {
    const place = patientToThirdPerson(content, p).replace(/[.?!]+$/, '');
    return [sentence(ctx, `the symptoms are located in ${place}`)];
  }

  if (WH_SCALE.test(q.text)) {
    const score = painScore(content);
    if (score) {
      return [
        sentence(
          ctx,
          `${p.subject} ${agree(p, 'rates', 'rate')} ${p.possessive} pain as ${score}/10`,
        ),
      ];
    }
  }
  const timing = timingAnswerSentences(ctx, q, contentSentences);
  if (timing) return timing;
  const wh = /^(?:how|what|when|where|why|which|who)\b/.test(stripLeadingMarkers(q.text));
  // A reply that is neither yes nor no but describes the symptom asked about ("slight cramps"
  // to "any chest pain?") is a qualified yes; "i do not know" stays unanswered.
  const qualifiedYes =
    answer.polarity === 'unclear' &&
    symptomsIn(q.text).length > 0 &&
    wordCount(content) > 0 &&
    !/^(?:i do not know|not sure|i am not sure|maybe|hard to say|i do not remember)\b/.test(
      content,
    ) &&
    !/\b(?:no|not|never)\b/.test(content);
  if (!wh && (answer.polarity !== 'unclear' || (qualifiedYes && contentSentences.length === 0))) {
    const relevantQuestion = relevance(q.text) >= 1 || symptomsIn(q.text).length > 0;
    const statement = relevantQuestion ? yesNoStatement(q.text, answer.polarity !== 'no') : null;
    if (statement) out.push(fromClinician(ctx, statement));
  }
  const questionWords = new Set(q.text.split(/[^a-z0-9]+/));
  for (const t of contentSentences) {
    // "any chest pain?" "no chest pain." — the statement above already says it.
    const words = t.split(/[^a-z0-9]+/).filter((w) => w.length > 0 && !ECHO_WORDS.has(w));
    if (out.length > 0 && words.every((w) => questionWords.has(w))) continue;
    out.push(fromPatient(ctx, t));
  }
  return out;
}

const ECHO_WORDS = new Set([
  'no',
  'not',
  'yes',
  'i',
  'have',
  'had',
  'any',
  'a',
  'the',
  'do',
  'am',
  'did',
  'none',
  'never',
  'really',
  'at',
  'all',
]);

function stripAnswerLead(text: string): string {
  return stripAnswerWord(text);
}

// --- history ------------------------------------------------------------------------------------

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
  const who = c.name ? capitalise(c.name) : 'The patient';
  const sexWord = c.sex === 'male' ? 'male' : c.sex === 'female' ? 'female' : 'patient';
  const agePart = c.age !== null ? `a ${c.age}-year-old ${sexWord}` : c.sex ? `a ${sexWord}` : null;
  const history =
    c.pastConditions.length > 0
      ? ` with a past medical history significant for ${listJoin(c.pastConditions.slice(0, 4))}`
      : '';
  const complaint = c.chiefComplaint ? ` for evaluation of ${c.chiefComplaint}` : '';
  if (agePart)
    return sentence(ctx, `${who} is ${agePart}${history} who presents today${complaint}`);
  const pmh = history
    ? `. ${subjectCap(ctx)} ${agree(c.pronouns, 'has', 'have')} a past medical history significant for ${listJoin(c.pastConditions.slice(0, 4))}`
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
  for (const u of history) {
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
    let line = fromPatient(ctx, u.text);
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

// --- review of systems --------------------------------------------------------------------------

const SYSTEM_ORDER: BodySystem[] = [
  'Constitutional',
  'Eyes',
  'ENT',
  'Cardiovascular',
  'Respiratory',
  'Gastrointestinal',
  'Genitourinary',
  'Musculoskeletal',
  'Skin',
  'Neurological',
  'Psychiatric',
  'Endocrine',
  'Hematologic',
];

export function writeReviewOfSystems(ctx: WriterContext): SectionBody | null {
  const bySystem = new Map<BodySystem, { endorses: string[]; denies: string[] }>();
  const polarity = new Map<string, boolean>();
  // A symptom reported anywhere counts as present, even if denied in another exchange.
  for (const s of ctx.c.symptoms) {
    polarity.set(s.canonical, (polarity.get(s.canonical) ?? false) || s.present);
  }
  for (const s of ctx.c.symptoms) {
    const entry = bySystem.get(s.system) ?? { endorses: [], denies: [] };
    const present = polarity.get(s.canonical) ?? s.present;
    const list = present ? entry.endorses : entry.denies;
    if (!list.includes(s.canonical)) list.push(s.canonical);
    bySystem.set(s.system, entry);
  }
  const bullets: string[] = [];
  for (const system of SYSTEM_ORDER) {
    const entry = bySystem.get(system);
    if (!entry) continue;
    const parts: string[] = [];
    if (entry.endorses.length > 0) parts.push(`Endorses ${listJoin(entry.endorses)}.`);
    if (entry.denies.length > 0) parts.push(`Denies ${listJoin(entry.denies, 'or')}.`);
    bullets.push(`${system}: ${applyCasing(parts.join(' '), null)}`);
  }
  return bullets.length > 0 ? { content: '', bullets } : null;
}

// --- examination --------------------------------------------------------------------------------

const EXAM_SYSTEMS: [string, RegExp][] = [
  ['Neck', /\b(?:neck|thyroid|thyromegaly|jugular|jvd|carotid|lymph|adenopathy|lymphadenopathy)\b/],
  [
    'Cardiovascular',
    /\b(?:heart|murmur|rub|gallop|rhythm|regular rate|pulses|capillary refill|cardiac|s1|s2)\b/,
  ],
  [
    'Respiratory',
    /\b(?:lungs?|breath sounds|wheez\w*|crackles|rales|rhonchi|respiratory|breathing)\b/,
  ],
  [
    'Gastrointestinal',
    /\b(?:abdomen|abdominal|bowel sounds|belly|stomach|liver|spleen|hernia|epigastric|quadrant)\b/,
  ],
  [
    'Neurological',
    /\b(?:reflexes|sensation|cranial|gait|oriented|neuro\w*|numbness|tingling|strength)\b/,
  ],
  ['Skin', /\b(?:skin|rash|lesions?|incision|wound|laceration|abrasion|mole)\b/],
  [
    'HEENT',
    /\b(?:eyes?|pupils|ears?|tympanic|throat|oropharynx|nose|nasal|sinus|head|mouth|tonsils)\b/,
  ],
  ['Psychiatric', /\b(?:mood|affect|judgment|insight)\b/],
  [
    'Musculoskeletal',
    /\b(?:range of motion|flexion|extension|abduction|adduction|rotation|deviation|straight leg|crepitus|effusion|knee|shoulder|hip|ankle|wrist|elbow|back|spine|lumbar|cervical|joint|muscle|extremit\w*|edema|hand|fingers?|foot|feet|leg|legs|arm|metacarpals?|palpation|tenderness|swelling|bruising|ecchymosis|deformity)\b/,
  ],
];

function examSystem(text: string, fallback: string | null): string {
  const named = /\b(?:on|in) (?:your |his |her |the )?([a-z]+) exam/.exec(text)?.[1];
  if (named) {
    for (const [system, re] of EXAM_SYSTEMS) if (re.test(named)) return system;
    if (/^(?:lung|chest)$/.test(named)) return 'Respiratory';
    if (/^(?:heart|cardiac)$/.test(named)) return 'Cardiovascular';
  }
  for (const [system, re] of EXAM_SYSTEMS) if (re.test(text)) return system;
  return fallback ?? 'General';
}

const EXAM_ANNOUNCEMENT =
  /\b(?:going to|want to|let me|i will|would like to|like to|need to|i am going to)\b[^.]*\b(?:exam|examine|look|check|listen|feel|press|take a look)\b/;

/** Instructions to the patient during the examination ("take a deep breath"). */
const EXAM_INSTRUCTION =
  /^(?:kick|push|pull|squeeze|take|breathe|look|follow|lie|lay|sit|stand|walk|bend|relax|open|say|raise|lift|turn|hold|point|touch|tell|let|go ahead|try|move|make|keep|stick|cough|scoot|hop|step|put|grab|give|show)\b/;

export function examFinding(ctx: WriterContext, raw: string): string | null {
  let t = raw;
  if (EXAM_INSTRUCTION.test(t)) return null;
  // Vital signs are written once, in their own lines.
  if (
    /\b(?:blood pressure|heart rate|pulse rate|temperature|respiratory rate|oxygen|running a fever|vital signs|vitals)\b/.test(
      t,
    ) &&
    countMatches(EXAM_RE, t.replace(/\b(?:pulse|rate)\b/g, '')) < 2
  ) {
    return null;
  }
  t = t.replace(
    /^(?:looking at|listening to|examining|checking) (?:your |the |his |her |their )?[a-z]+(?: and (?:your |the |his |her |their )?[a-z]+)?,?\s*/,
    '',
  );
  if (wordCount(t) < 2) return null;
  if (/\b(?:dragon|show me)\b/.test(t)) return null;
  if (/\bwhat does (?:all )?that mean\b/.test(t))
    t = t.replace(/\b(?:so )?what does (?:all )?that mean\b.*$/, '');
  if (EXAM_ANNOUNCEMENT.test(t) && examRelevance(t.replace(EXAM_ANNOUNCEMENT, '')) < 2) return null;
  if (examRelevance(t) < 1) return null;
  t = t
    .replace(
      /^(?:on|in|for) (?:your |his |her |the )?(?:physical )?exam(?:ination)? of (?:your |his |her |the )?((?:left |right )?[a-z]+)\s*,?\s*(?:there (?:is|are) |you have |i see |i feel )?/,
      '$1: ',
    )
    .replace(
      /^(?:on|in|for) (?:your |his |her |the )?(?:physical )?(?:exam(?:ination)?|[a-z]+ exam),?\s*/,
      '',
    )
    .replace(/\b(?:looking at|listening to|on) (?:your |the )?([a-z]+),\s*/, '$1: ')
    .replace(
      /\bi (?:do )?not (?:appreciate|hear|feel|see|notice|note|find|detect) (?:any )?/g,
      'no ',
    )
    .replace(
      /\bi (?:do |did )?(?:appreciate|hear|feel|see|notice|note|find|detect)d?\s*(?:that )?/g,
      '',
    )
    .replace(/\byou do not have (?:any )?/g, 'no ')
    .replace(
      /\b(?:you|there) (?:do |does )?(?:have|has|is|are) (?:a |an |some )?(?=\d|[a-z]+ (?:pain|tenderness|swelling|edema|effusion|murmur|crackles|range))/g,
      '',
    )
    .replace(
      /\b(?:which|that) (?:we have|i have|we|i) (?:heard|seen|noted) (?:in the past|before|previously)\b/g,
      'previously noted',
    )
    .replace(/\beverything (?:seems|looks|is) (?:fine|good|normal)\b/g, 'normal')
    .replace(/\bi think\b/g, '');
  const converted = clinicianToThirdPerson(t, ctx.c.pronouns)
    .replace(/^(?:his|her|their) /, '')
    .replace(/\b(?:his|her|their|the patient's) (?=lungs|heart|abdomen)/g, '');
  const out = toSentence(converted, ctx.c.name);
  return wordCount(out) >= 2 ? out : null;
}

function palpationStatement(q: Utterance): string | null {
  if (!q.answer || q.answer.polarity === 'unclear') return null;
  const yes = q.answer.polarity === 'yes';
  const part = /\b(?:your|the|this) ((?:left |right )?[a-z]+)\b/.exec(
    q.text.replace(
      /\b(?:your|the) (?:inside|outside|top|bottom|side|front|back) (?:of|here)\b/,
      '',
    ),
  )?.[1];
  if (
    /\b(?:press|push|touch|palpat|squeeze|feel (?:this|that|here))\w*\b/.test(q.text) &&
    /\b(?:hurt|pain|tender|sore)\b/.test(q.text)
  ) {
    return `${yes ? 'Tenderness' : 'No tenderness'} to palpation${part && !/^(?:here|there|inside|outside)$/.test(part) ? ` of the ${part}` : ''}.`;
  }
  const movement =
    /\b(flex|extend|bend|straighten|lift|raise|rotate|twist|turn|move|make a fist|walk|squat)\w*\b/.exec(
      q.text,
    )?.[1];
  if (movement && /\b(?:hurt|pain)\b/.test(q.text)) {
    const noun: Record<string, string> = {
      flex: 'flexion',
      extend: 'extension',
      bend: 'bending',
      straighten: 'extension',
      lift: 'lifting',
      raise: 'elevation',
      rotate: 'rotation',
      twist: 'rotation',
      turn: 'rotation',
      move: 'movement',
      'make a fist': 'making a fist',
      walk: 'walking',
      squat: 'squatting',
    };
    return `${yes ? 'Pain' : 'No pain'} with ${noun[movement] ?? 'movement'}.`;
  }
  return null;
}

export function writeVitals(ctx: WriterContext): string[] {
  const lines = ctx.c.vitals.map((v) => `${v.label}: ${v.value}.`);
  if (lines.length === 0 && ctx.c.vitalsNormal)
    lines.push('Vital signs were reviewed and are within normal limits.');
  return lines;
}

export function writeExamination(ctx: WriterContext, includeVitals = true): SectionBody | null {
  const groups = new Map<string, string[]>();
  let lastSystem: string | null = null;
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.command) continue;
    const inExam =
      u.phase === 'exam' ||
      /\b(?:on (?:your )?(?:physical )?exam|i (?:do )?(?:not )?appreciate)\b/.test(u.text);
    if (!inExam || u.dictation || META.test(u.text)) continue;
    const finding = u.question ? palpationStatement(u) : examFinding(ctx, u.text);
    if (!finding) continue;
    const system = examSystem(u.text, lastSystem);
    lastSystem = system;
    ctx.used.add(u.id);
    const list = groups.get(system) ?? [];
    if (!list.includes(finding)) list.push(finding);
    groups.set(system, list);
  }
  const vitals = includeVitals ? writeVitals(ctx) : [];
  const bullets = [...groups.entries()].map(
    ([system, findings]) => `${system}: ${findings.join(' ')}`,
  );
  if (vitals.length === 0 && bullets.length === 0) return null;
  const body: SectionBody = { content: vitals.join('\n') };
  if (bullets.length > 0) body.bullets = ctx.detail === 'brief' ? bullets.slice(0, 4) : bullets;
  return body;
}

// --- results ------------------------------------------------------------------------------------

const RESULT_WORDS =
  /\b(?:shows?|showed|shown|reveal(?:s|ed)?|demonstrat\w*|came back|normal|abnormal|elevated|high|low|negative|positive|unremarkable|consistent with|evidence of|fracture|fluid|level|at \d|is \d|was \d|\d+(?:\.\d+)?%?)\b/;
const ORDERING =
  /\b(?:order|schedule|get|obtain|repeat|check|send you for|do another|want to do|going to do|will do|recheck)\b[^.]*\b(?:test|x-?rays?|mri|ct|labs?|blood work|echocardiogram|ekg|ultrasound|a1c|scan|panel|study)\b/;

export function writeResults(ctx: WriterContext): SectionBody | null {
  const lines: string[] = [];
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.question || u.command) continue;
    if (/\b(?:dragon|show me)\b/.test(u.text)) continue;
    const hasTest = countMatches(TEST_RE, u.text) > 0;
    const inResults = u.phase === 'results';
    if (!hasTest && !(inResults && RESULT_WORDS.test(u.text) && relevance(u.text) >= 1)) continue;
    if (!RESULT_WORDS.test(u.text)) continue;
    if (ORDERING.test(u.text) && !/\b(?:showed|shows|revealed|came back|was|were)\b/.test(u.text))
      continue;
    if (
      !inResults &&
      !/\b(?:showed|shows|revealed|reveals|came back|demonstrat\w*|results?)\b/.test(u.text)
    )
      continue;
    let t = u.text
      .replace(
        /^(?:so |and )?(?:looking|in reviewing|reviewing|i reviewed|i looked at|we looked at|i took a look at|i have reviewed|i had a chance to review|we reviewed)(?: here)?(?: at)?(?: the results of)? /,
        '',
      )
      .replace(
        // "your chest x-ray, it does look like ..." → "your chest x-ray shows ..."
        /^((?:the |your )?[a-z0-9 -]+?),\s*(?:it |this |that )(?:does |do )?(?:looks?|shows?|seems?|appears?)(?: like| that)?\s/,
        '$1 shows ',
      )
      .replace(/\b(?:so |and )?what (?:that|this) means is\b.*$/, '');
    t = t
      .replace(/\bi (?:do )?not see any\b/g, 'there is no')
      .replace(
        /\b(at|of|is|was|around|about|to) (two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g,
        (_m, lead: string, n: string) =>
          `${lead} ${NUMBER_WORDS[n] ?? ({ eleven: 11, twelve: 12 } as Record<string, number>)[n] ?? n}`,
      );
    const line = fromClinician(ctx, t);
    if (wordCount(line) < 3) continue;
    ctx.used.add(u.id);
    lines.push(line);
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  if (unique.length === 0) return null;
  return { content: (ctx.detail === 'brief' ? unique.slice(0, 3) : unique).join('\n\n') };
}

// --- assessment and plan ------------------------------------------------------------------------

const PROBLEM_LEAD =
  /(?:^|,\s*)(?:(?:so|and|now|lastly|finally|next|then|also|okay|alright),?\s+)*(?:for|from|regarding|in terms of|as far as|as for|with regards? to|now for|moving on to|next for|and for|lastly for|finally for|about)\s+(?:your|the|his|her)?\s*(?:(?:first|second|third|fourth|next|last|final|other|primary)\s+)?(?:problem|issue|diagnosis)?(?:\s+of)?,?\s*(?:your\s+|the\s+|his\s+|her\s+)?([a-z0-9' -]+?)(?=,|$|\.| i | we | it | you | that | so | which | is | are )/;
const DIAGNOSIS_LEAD =
  /\b(?:i think (?:that )?(?:you have|you are having|this is|it is|you might have|you may have)|you have|diagnosis (?:is|of)|diagnosed with|consistent with|positive for|looks like you have|it looks like|this looks like|suffering from|primary diagnosis of)\s+(?:a |an |some |the |mild |moderate |severe |acute |chronic |little |bit |of )*([a-z0-9' -]+?)(?=,|$|\.| and | which | that | so | but | i | we | from | because )/;

const PROBLEM_TERMS = new RegExp(`${CONDITION_RE.source}`);

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
  return null;
}

const PLAN_REWRITES: [RegExp, string][] = [
  [/^(?:i|we) (?:want|would like|need|would want) you to\b/, 'ADVISE'],
  [/^(?:i|we) (?:am|are) going to (?:have|get|need) you to\b/, 'ADVISE'],
  [/^(?:i|we) (?:recommend|suggest|advise) (?:that )?you\b/, 'ADVISE'],
  [
    /^(?:i|we) (?:would like to|want to|are going to|am going to|will|need to|plan to|would|should|can|could|might) (?:go ahead and |also |just |probably |definitely )*(?:have you|get you to|get you)\b/,
    'SUBJECT will',
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

export function collectProblems(ctx: WriterContext): Problem[] {
  const problems: Problem[] = [{ title: null, lines: [] }];
  const minRelevance = ctx.detail === 'detailed' ? 0 : 1;
  for (const u of ctx.c.utterances) {
    if (u.phase !== 'plan' || u.role !== 'clinician' || u.question) continue;
    if (ctx.used.has(u.id) || u.text === ctx.c.oneLiner) continue;
    if (META.test(u.text)) continue;
    if (u.command) continue;
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
    const advice =
      /^(?:i|we) (?:want|would like|need) you to\b|^you (?:should|need to|have to)\b/.test(u.text);
    if (planRelevance(u.text) < minRelevance && !title && !advice) continue;
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
  const follow = followUpLine(ctx);
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
        /\b(?:I think|consistent with|likely|diagnos|because|due to|appears|suggests)\b/i.test(l),
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
        /\b(?:i think|diagnos|consistent with|likely|looks like|impression)\b/.test(u.text),
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
  const lines = problems.flatMap((p) => p.lines.filter((l) => !/^I think\b/.test(l)));
  const follow = followUpLine(ctx);
  if (follow) lines.push(follow);
  if (lines.length === 0) return null;
  return { content: '', bullets: ctx.detail === 'brief' ? lines.slice(0, 5) : lines };
}

// --- focused sections ---------------------------------------------------------------------------

export function writeChiefComplaint(ctx: WriterContext): SectionBody | null {
  const cc = ctx.c.chiefComplaint;
  return cc ? { content: `${capitalise(applyCasing(cc, null))}.` } : null;
}

export function writeMedications(ctx: WriterContext): SectionBody | null {
  const meds = uniqueBy(ctx.c.medications, (m) => m.name);
  if (meds.length === 0) return null;
  const bullets = meds.map((m) => {
    const dose = m.dose ?? ctx.c.medications.find((x) => x.name === m.name && x.dose)?.dose ?? null;
    const freq =
      m.frequency ??
      ctx.c.medications.find((x) => x.name === m.name && x.frequency)?.frequency ??
      null;
    return capitalise(applyCasing([m.name, dose, freq].filter(Boolean).join(' '), null));
  });
  return { content: '', bullets };
}

export function writeAllergies(ctx: WriterContext): SectionBody | null {
  const allergies = uniqueBy(ctx.c.allergies, (a) => a);
  if (allergies.length > 0) {
    return { content: `Allergic to ${applyCasing(listJoin(allergies), null)}.` };
  }
  if (ctx.c.noKnownAllergies) return { content: 'No known drug allergies.' };
  return null;
}

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

export function writeFollowUp(ctx: WriterContext): SectionBody | null {
  const lines: string[] = [];
  const follow = followUpLine(ctx);
  if (follow) lines.push(follow);
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.question || u.phase !== 'plan') continue;
    if (
      /\b(?:follow up|follow-up|come back|see you|return|appointment|schedule|check in|recheck)\b/.test(
        u.text,
      )
    ) {
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
    if (u.role !== 'clinician' || u.question) continue;
    if (
      /\b(?:call (?:me|us|the office|the clinic)|get worse|gets worse|worsen\w*|go to the (?:er|emergency)|emergency room|seek (?:medical )?(?:care|attention)|come back (?:if|sooner)|if (?:you|it|things|the pain) (?:get|gets|are|is|do|does|start|notice|develop|have))\b/.test(
        u.text,
      )
    ) {
      const line = planStatement(ctx, u.text);
      if (line) lines.push(line);
    }
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  return unique.length > 0 ? { content: unique.slice(0, 4).join(' ') } : null;
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

/** A mixed "Subjective" or "History" section: the history plus pertinent positives/negatives. */
export function writeSubjective(ctx: WriterContext): SectionBody | null {
  const history = writeHistory(ctx);
  const ros = writeReviewOfSystems(ctx);
  if (!history && !ros) return null;
  const body: SectionBody = { content: history?.content ?? '' };
  if (ros?.bullets) body.bullets = ros.bullets;
  return body;
}

export function writeObjective(ctx: WriterContext): SectionBody | null {
  const exam = writeExamination(ctx);
  const results = writeResults(ctx);
  if (!exam && !results) return null;
  const content = [exam?.content ?? '', results?.content ?? '']
    .filter((x) => x.length > 0)
    .join('\n\n');
  const body: SectionBody = { content };
  if (exam?.bullets) body.bullets = exam.bullets;
  return body;
}

export function tidy(text: string): string {
  return tidyPunctuation(text);
}
