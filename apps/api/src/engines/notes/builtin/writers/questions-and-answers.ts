/**
 * A clinician's question and the patient's reply, written as one history sentence ("Denies chest
 * pain.", "The pain started 3 days ago.", "She rates her pain 6/10.").
 */
import { readNumber } from '@clerkly/contracts';
import {
  type Utterance,
  escapeRe,
  relevance,
  stripAnswerWord,
  symptomsIn,
  termPattern,
} from '../consultation';
import { BODY_PART_PATTERN, HOW_OFTEN_OR_LONG_REPLY, MEDICATIONS } from '../lexicon';
import { stripLeadingMarkers, wordCount } from '../normalise';
import { agree, patientToThirdPerson, thirdPersonVerb } from '../perspective';
import { META, type WriterContext, fromClinician, fromPatient, sentence } from './writer';

const WH_DURATION = /\bhow long\b|\bsince when\b/;
const WH_ONSET =
  /\bwhen (?:did|does|do) (?:it|this|that|the [a-z]+|your [a-z]+|you(?: first)?) (?:start|begin|happen|notice|first)\w*|\bwhen did (?:this|that|it) all\b|\bhow long ago\b|\bwhat day\b/;
const WH_SCALE = /\bscale\b|\brate (?:your|the|it)\b|\bhow (?:bad|severe)\b/;
const WH_TRIED =
  /\bwhat (?:have you|did you|are you|do you) (?:tried|try|taken|take|taking|done|do|use|using)\b|\bhave you (?:tried|taken|done) anything\b|\banything for (?:the|your|it)\b/;

function hasSubject(text: string): boolean {
  return /\b(?:i|it|this|that|we|he|she|they|there|my [a-z]+ (?:is|was|has|hurts))\b/.test(text);
}

// Without the global flag: `test` on a global pattern carries its position from call to call.
const MEDICINE_NAMED = new RegExp(termPattern(MEDICATIONS).source);

/** Problems asked about by the part or function they concern. */
const PROBLEMS_WITH_PART_SOURCE = String.raw`(?:problems?|issues?|trouble|difficulty) (?:with|passing) (?:your |her |his |their )?(?:bladder|bowels?|waterworks|urine|water|stools?|breathing|balance|vision|eyesight|hearing|memory|sleep|periods?|swallowing|walking|speech)\b`;
const PROBLEMS_WITH_PART = new RegExp(`^${PROBLEMS_WITH_PART_SOURCE}`);
const ASKS_OF_PART_PROBLEMS = new RegExp(`\\b${PROBLEMS_WITH_PART_SOURCE}`);

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
    // "any problems with your bladder or bowels?" names what was asked about (a red flag of back
    // pain); "any problems?" and "any issues?" alone do not.
    const namedProblem = PROBLEMS_WITH_PART.test(object);
    if (
      wordCount(object) === 0 ||
      (!namedProblem &&
        (/^(?:that|else|like that|questions?|of that|problems?|other symptoms?|symptoms?)\b/.test(
          object,
        ) ||
          /^(?:make|makes|help|helps|bother|bothers|you|i|we|that|else|like|going|happening|new|changes?|concerns?|issues?)\b/.test(
            object,
          ))) ||
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
  return word?.[1] ? String(readNumber([word[1]], 0)?.value ?? '') : null;
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
    // "paracetamol, but it does not help much": the reply names what was taken and only its
    // second clause has a subject; written whole, it would be a fragment a reader cannot place.
    const [named = ''] = content.split(/,|\bbut\b/);
    if (hasSubject(named) || /^(?:nothing|no|not|none)\b/.test(content)) {
      return contentSentences.map((t) => fromPatient(ctx, t));
    }
    // Said in the patient's words and turned like the rest of their story ("The patient has…").
    const verb = /\btaking\b/.test(q.text) ? 'have been taking' : 'have tried';
    return [fromPatient(ctx, `i ${verb} ${content.replace(/[.?!]+$/, '')}`)];
  }
  return null;
}

export function questionAnswerSentences(ctx: WriterContext, q: Utterance): string[] {
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
  // "does the pain go anywhere, into your arm or jaw?" "sometimes into my left arm": where it
  // goes, with what goes; not "The pain goes anywhere, into his arm or jaw."
  const goes = WHERE_IT_GOES.exec(stripLeadingMarkers(q.text));
  const place = PLACE_REPLY.exec(content.replace(/[.?!]+$/, ''));
  if (goes?.[1] && goes[2] && place?.[2] && !hasSubject(content)) {
    const often = place[1] ? `${place[1]} ` : '';
    return [fromPatient(ctx, `${goes[1]} ${often}${thirdPersonVerb(goes[2])} ${place[2]}`)];
  }
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
  // "how much coffee do you drink?" "about five cups a day." → "She drinks about 5 cups of
  // coffee a day.", not the orphan "About 5 cups a day."
  const amount = WH_AMOUNT.exec(stripLeadingMarkers(q.text));
  if (amount?.[1] && amount[2] && wordCount(content) > 0 && !hasSubject(content)) {
    const thing = amount[1];
    let reply = content.replace(/[.?!]+$/, '');
    if (!reply.includes(thing)) {
      reply = AMOUNT_UNIT.test(reply)
        ? reply.replace(AMOUNT_UNIT, `$1 of ${thing}`)
        : `${thing}, ${reply}`;
    }
    return [fromPatient(ctx, `i ${amount[2]} ${reply}`)];
  }
  // "how often are you using the blue inhaler?" "about 4 times a day now." → "She is using the
  // blue inhaler about 4 times a day now.", not the orphan "About 4 times a day now."
  const often = WH_OFTEN.exec(stripLeadingMarkers(q.text));
  const howOften = content.replace(/[.?!]+$/, '');
  if (
    often?.[1] &&
    often[2] &&
    often[3] &&
    !/^(?:it|them|that|this|those)$/.test(often[3]) &&
    HOW_OFTEN_OR_LONG_REPLY.test(howOften) &&
    !hasSubject(howOften)
  ) {
    const aux = { do: '', are: 'am ', have: 'have ' }[often[1] as 'do' | 'are' | 'have'];
    return [fromPatient(ctx, `i ${aux}${often[2]} ${often[3]} ${howOften}`)];
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
  // "do you get short of breath?" "only when i climb the stairs": a yes with its condition, written
  // as one sentence rather than an orphan "Only when he climbs the stairs."
  const qualifier = contentSentences[0];
  if (
    !wh &&
    qualifiedYes &&
    contentSentences.length === 1 &&
    qualifier !== undefined &&
    QUALIFIED_YES.test(qualifier)
  ) {
    const statement = yesNoStatement(q.text, true);
    if (statement) {
      const yes = fromClinician(ctx, statement).replace(/[.?!]+$/, '');
      const condition = fromPatient(ctx, qualifier);
      return [`${yes} ${condition.charAt(0).toLowerCase()}${condition.slice(1)}`];
    }
  }
  if (!wh && (answer.polarity !== 'unclear' || (qualifiedYes && contentSentences.length === 0))) {
    const relevantQuestion =
      relevance(q.text) >= 1 || symptomsIn(q.text).length > 0 || ASKS_OF_PART_PROBLEMS.test(q.text);
    const askedOf = new Set(symptomsIn(q.text).map((f) => f.canonical));
    // "any numbness in your feet?" "a bit of tingling in my right foot, not the left.": the
    // reply is about another symptom, and says nothing of the numbness asked about; "Reports
    // numbness in his feet" would state what was not said. An explicit "yes" still answers it.
    const namedOther =
      answer.polarity === 'yes' &&
      askedOf.size > 0 &&
      !EXPLICIT_YES.test(answer.utterances[0]?.text ?? '') &&
      contentSentences.some((t) => {
        const named = symptomsIn(t).map((f) => f.canonical);
        return named.length > 0 && named.every((n) => !askedOf.has(n));
      });
    // "any numbing or tingling?" "a little bit of numbing, but nothing tingling": a yes that
    // denies one of the findings asked about is no yes to all of them.
    const deniesAsked =
      answer.polarity === 'yes' &&
      contentSentences.some((t) =>
        symptomsIn(t).some((f) => f.negated && askedOf.has(f.canonical)),
      );
    const statement =
      relevantQuestion && !namedOther && !deniesAsked
        ? yesNoStatement(q.text, answer.polarity !== 'no')
        : null;
    // "are you allergic to any medicines?" "yes, i am allergic to penicillin.": the reply says
    // it with what the question left open; "The patient is allergic to medicines" would not.
    const restated =
      answer.polarity === 'yes' &&
      contentSentences.some((t) => hasSubject(t) && sharesKeyWord(q.text, t));
    // "any fever or chills?" "yes, i had a fever last night": the reply names one of the
    // findings asked about; the statement would say both. So does "a little bit of numbing, but
    // nothing tingling" to "any numbing or tingling?", which is written as the patient's.
    const choseOne =
      answer.polarity === 'yes' &&
      askedOf.size >= 2 &&
      contentSentences.some((t) => {
        const named = new Set(symptomsIn(t).map((f) => f.canonical));
        return (
          (hasSubject(t) || QUANTITY_REPLY.test(t)) && named.size > 0 && named.size < askedOf.size
        );
      });
    // "are you allergic to any antibiotics?" "yes, penicillin gives me a rash.": allergic to
    // penicillin, which the reply says; "allergic to antibiotics" would say all of them.
    const namedWhich =
      answer.polarity === 'yes' &&
      /\b(?:allergic to|allergies to|reactions? to|intolerant (?:of|to)) any\b/.test(q.text) &&
      contentSentences.some((t) => MEDICINE_NAMED.test(t));
    const [firstReply = ''] = contentSentences;
    if (statement && !restated && !namedWhich && DOSE_FIRST.test(firstReply)) {
      // "are you taking the metformin?" "yes, 500 mg twice a day, but…": one sentence.
      const taking = fromClinician(ctx, statement).replace(/[.?!]+$/, '');
      const reply = fromPatient(ctx, firstReply);
      // "…more than usual, about 3 times a day." (a dose follows with no comma: "… 500 mg …").
      out.push(
        /^\d/.test(firstReply)
          ? `${taking} ${reply}`
          : `${taking}, ${reply.charAt(0).toLowerCase()}${reply.slice(1)}`,
      );
      contentSentences.shift();
    } else if (statement && !restated && !choseOne && !namedWhich)
      out.push(fromClinician(ctx, statement));
  }
  const questionWords = new Set(q.text.split(/[^a-z0-9]+/));
  const asWhatWasAsked = (said: string) =>
    namingTheMedicineAsked(q.text, namingWhatWasAsked(q.text, said));
  for (const said of contentSentences) {
    const t = asWhatWasAsked(said);
    // "any chest pain?" "no chest pain." — the statement above already says it.
    const words = t.split(/[^a-z0-9]+/).filter((w) => w.length > 0 && !ECHO_WORDS.has(w));
    if (out.length > 0 && words.every((w) => questionWords.has(w))) continue;
    // "do you smoke?" "i used to, but i quit five years ago.": "She used to smoke, but…".
    const asked = /^(?:do|did) you ([a-z]+(?: [a-z]+){0,2}?)\??$/.exec(stripLeadingMarkers(q.text));
    if (asked?.[1] && /^i used to(?=\s*(?:,|but\b|and\b|$))/.test(t)) {
      out.push(fromPatient(ctx, t.replace(/^i used to/, `i used to ${asked[1]}`)));
      continue;
    }
    // "any nausea or vomiting?" "some nausea, but no vomiting.": what the patient has, said as a
    // quantity with no subject, is written as theirs rather than as a fragment.
    const [named = ''] = t.split(/,|\bbut\b/);
    if (QUANTITY_REPLY.test(t) && symptomsIn(named).length > 0 && !hasSubject(named)) {
      // "a bit of nausea in the first week, but that has gone": had, not has.
      out.push(fromPatient(ctx, `i ${PAST_REPLY.test(t) ? 'had' : 'have'} ${t}`));
      continue;
    }
    out.push(fromPatient(ctx, t));
  }
  return out;
}

const NOT_KEY_WORDS =
  /^(?:about|there|these|those|other|things?|little|really|right|think|maybe|still|sometimes|always|never|where|which|while|would|could|should|having|being|doing|going|getting|feeling|anything|something|everything|today)$/;

/** Whether a reply repeats a word of the question's that carries its meaning ("allergic"). */
function sharesKeyWord(question: string, reply: string): boolean {
  const replyWords = new Set(reply.split(/[^a-z]+/));
  return question
    .split(/[^a-z]+/)
    .some((w) => w.length >= 5 && !NOT_KEY_WORDS.test(w) && replyWords.has(w));
}

/**
 * "how have your sugars been?" "they have been running about 12": the reply's "they" (or "it")
 * is what was asked about, written as the patient's ("my sugars have been running…").
 */
export function namingWhatWasAsked(question: string, reply: string): string {
  const askedOf = HOW_IS_YOUR.exec(question)?.[1];
  return askedOf
    ? reply.replace(
        // Not the "it" of "it is hard to stay away from sugary foods". After a verdict too,
        // which goes ("not great, they have been running around 12"): what was asked about is
        // named first, in the order it was said (the question, then the reply).
        /^(?:(?:not (?:great|good|bad|too bad|so good|so great)|okay|ok|fine|good|bad|so so|alright|better|worse|up and down)[, ]+)?(?:they (?=(?:have|has|are|is|were|was)\b)|it (?=(?:is|has been|was) (?:better|worse|good|fine|okay|great|bad|high|low|stable|running|up|down)\b))/,
        `my ${askedOf} `,
      )
    : reply;
}

/**
 * "are you taking the amlodipine?" "i ran out of it two weeks ago": of amlodipine. Written alone,
 * "ran out of it" does not say which medicine. Only in the reply to the question that named one
 * medicine, never in talk further on, where "it" may be another (unpunctuated speech can hide
 * the next question: "… taking it what about the atorvastatin | i take that every night").
 */
function namingTheMedicineAsked(question: string, reply: string): string {
  const medicines = new Set(question.match(MEDICINES_NAMED) ?? []);
  const [medicine] = medicines;
  if (medicine === undefined || medicines.size > 1 || MEDICINE_NAMED.test(reply)) return reply;
  // As the question had it, in the patient's words: "your inhaler" is "my inhaler".
  const determiner = new RegExp(`\\b(the|your) ${escapeRe(medicine)}\\b`).exec(question)?.[1];
  const named = determiner ? `${determiner === 'your' ? 'my' : 'the'} ${medicine}` : medicine;
  return reply.replace(MEDICINE_AS_IT, `$1 ${named}`);
}

const MEDICINES_NAMED = new RegExp(MEDICINE_NAMED.source, 'g');
/** A medicine spoken of as "it" or "that": "take that every night", "ran out of it". */
const MEDICINE_AS_IT =
  /\b(takes?|taking|took|out of|on|off|stopped|started|using|uses?|used|tolerate|tolerating|skip|skipped|missed|forget|forgot|finished)\s+(?:it|that)\b(?! (?:is|was|has|had)\b)/;

/** "does the pain go anywhere?", "did it spread": a question of where a symptom goes. */
const WHERE_IT_GOES =
  /^(?:does|did|do) (the [a-z]+|it) (go|spread|move|radiate|travel|shoot)\b(?! away\b| off\b)/;
/** "sometimes into my left arm", "down the back of my leg": a place, said without a subject. */
const PLACE_REPLY =
  /^(?:(sometimes|usually|mostly|mainly|only|just|occasionally|always) )?((?:into|to|down|up|through|across|around|towards|along|behind|under|round)\b.+)$/;

/** A reply that opens with a dose: "500 mg twice a day, but I sometimes forget…". */
const DOSE_FIRST =
  /^(?:\d+(?:\.\d+)? ?(?:mg|mcg|g|grams?|milligrams?|units?|ml|puffs?|tablets?)\b|(?:about |around |maybe |roughly )?(?:\d+|once|twice) (?:times? )?(?:a|an|per|every) (?:day|night|week|month|hour)\b)/;
/** "how have your sugars been?", "how is your breathing doing?". */
const HOW_IS_YOUR =
  /\bhow (?:have|has|are|is) (?:your|the) ([a-z]+(?: (?!been\b|doing\b|going\b)[a-z]+)??) (?:been|doing|going|lately)\b/;

const WH_AMOUNT =
  /^how (?:much|many) ([a-z]+(?: [a-z]+)?) do you (drink|have|smoke|take|eat|use)\b/;
const AMOUNT_UNIT = /\b(cups?|glass(?:es)?|mugs?|bottles?|cans?|pints?|units?|packs?|drinks?)\b/;

/** "how often are you using the blue inhaler", "how often do you take your paracetamol". */
const WH_OFTEN =
  /^how often (do|are|have) you ((?:been )?(?:use|using|used|take|taking|taken|need|needing|needed|get|getting|got|have|having|had)) (.+?)\??$/;
/** A reply that opens by saying yes in so many words. */
const EXPLICIT_YES =
  /^(?:yes|yeah|yep|yup|ya|yah|sure|correct|right|absolutely|definitely|i do|i have|i did|i am|it does|it is|it has|it did)\b/;

/** A reply that gives how much of a symptom: "some nausea", "a little dizziness", "mild pain". */
const QUANTITY_REPLY = /^(?:some|a little|a bit of|mild|slight|occasional)\s+[a-z]/;

/** A reply about what is over: "… in the first week, but that has gone", "… last month". */
const PAST_REPLY =
  /\b(?:gone|went away|settled|resolved|stopped|cleared|used to|ago|last (?:week|month|year|time)|(?:the )?first (?:week|few days|month)|at first|before)\b/;

/** A reply that says when, not whether: "only when i climb the stairs", "mostly at night". */
const QUALIFIED_YES =
  /^(?:only|just|mostly|mainly|usually) (?:when|if|after|at|in|on|with|during)\b/;

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
  // "no, none of that", "nothing like that, okay": a reply that only says no.
  'of',
  'that',
  'like',
  'nothing',
  'okay',
]);

/**
 * What the reply goes on to say, without its yes or no: "no, it stays in my back" and, from
 * speech without punctuation, "no it stays in my back" (a "no" before its own subject answers the
 * question; "no fever" keeps it). The answer's polarity was read before, from the whole reply.
 */
function stripAnswerLead(text: string): string {
  return stripAnswerWord(text)
    .replace(/^(?:no|nope|nah)\s+(?=(?:i|it|that|she|he|they|we)\s)/, '')
    .trim();
}
