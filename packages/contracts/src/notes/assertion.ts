/**
 * The assertion stage (issue 21): for each mention of a finding in a transcript, whether it was
 * affirmed, denied, asked about without an answer, possible, hypothetical, in the past or about
 * someone else, and who said it. ConText's idea (Harkema et al. 2009, as medspaCy's `context`
 * component applies it): a cue word reaches forward over the words after it until a termination
 * word or the end of the sentence; the nearest cue decides. Spoken consultations add questions:
 * "any chest pain nausea or vomiting" is neither affirmed nor denied until its answer ("no").
 *
 * It reads every transcript shape the app receives — tagged turns, punctuated text without
 * speakers (Whisper), and lower-case words with no punctuation at all (the offline recogniser) —
 * because it works on tokens with their breaks, not on sentences. The note engine's writers and
 * the safety check both call it, so what a note may state and what the check accepts are decided
 * by the same rules (docs/decisions/013).
 */
import {
  CLAUSE_OPENERS,
  HISTORICAL_CUES,
  HYPOTHETICAL_CUES,
  NEGATION_CUES,
  NEGATIVE_ANSWERS,
  OTHER_PERSON_CUES,
  POSITIVE_ANSWERS,
  POSSIBLE_CUES,
  PSEUDO_NEGATIONS,
  QUESTION_CUES,
  TERMINATION_CUES,
  AFFIRMING_QUANTITIES,
} from './assertion-cues';
import { SPEAKER_TAG, stem } from './clinical-text';
import { contentStems } from './evidence';

type Assertion =
  'affirmed' | 'negated' | 'asked' | 'possible' | 'hypothetical' | 'historical' | 'other-person';

/** What ends the stretch before a token: nothing, a comma, a full stop, a question mark, a turn. */
type Break = 'none' | 'comma' | 'stop' | 'question' | 'turn';

interface AssertionToken {
  word: string;
  stem: string;
  start: number;
  end: number;
  breakBefore: Break;
  /** The speaker tag of the token's line, lower case ("doctor", "patient", "speaker 1"), if any. */
  speaker: string | null;
}

/** A transcript read once, for asking about many findings. */
export interface AssertionText {
  readonly tokens: readonly AssertionToken[];
  /** Whether the text has sentence punctuation at all (speech-to-text often has none). */
  readonly punctuated: boolean;
  readonly byStem: ReadonlyMap<string, readonly number[]>;
}

export interface Mention {
  /** Character offsets of the mention in the transcript (end exclusive). */
  start: number;
  end: number;
  assertion: Assertion;
  /** The cue that decided it ("no", "any … no", "if"), for tests and for the clinician's review. */
  cue: string | null;
  speaker: string | null;
}

const WORD = /[a-z0-9]+(?:[-'][a-z0-9]+)*|n't|'[a-z]+/g;

/** Words after which "know" is the verb ("i know", "let me know", "don't know"). */
const KNOWER = new Set(
  "i you we they he she it people everyone anyone nobody who to n't do did does let me us him her them would will 'll might should could may can must not also really just even already never ever i'd you'd we'd they'd".split(
    ' ',
  ),
);

function breakBetween(gap: string): Break {
  // A question mark says more than the line break after it: what follows is the answer.
  if (/\?/.test(gap)) return 'question';
  if (/\n/.test(gap)) return 'turn';
  if (/[.!;]/.test(gap)) return 'stop';
  if (/[,:]|[-—–]{1,2}\s/.test(gap)) return 'comma';
  return 'none';
}

/** Tokens of a transcript with their offsets, the break before each, and the line's speaker. */
export function prepareAssertionText(transcript: string): AssertionText {
  const tokens: AssertionToken[] = [];
  const lower = transcript.toLowerCase().replace(/[’‘]/g, "'");
  let lineStart = 0;
  let previousEnd = 0;
  for (const line of lower.split('\n')) {
    const tag = SPEAKER_TAG.exec(line);
    const speaker = tag
      ? tag[0]
          .replace(/[[\]:]/g, '')
          .trim()
          .replace(/_/g, ' ')
      : null;
    const bodyStart = lineStart + (tag ? tag[0].length : 0);
    const body = lower.slice(bodyStart, lineStart + line.length);
    for (const match of body.matchAll(WORD)) {
      const start = bodyStart + (match.index ?? 0);
      let word = match[0];
      // "didn't" is one word; ACI-BENCH writes it "did n't", which reads the same.
      if (word.startsWith("'") && word !== "'s") word = word.slice(1);
      const gap = tokens.length === 0 ? '' : lower.slice(previousEnd, start);
      const end = start + match[0].length;
      const breakBefore = tokens.length === 0 ? 'turn' : breakBetween(gap);
      // "can't" reads as ACI-BENCH's "ca n't": one negation word, whatever it is attached to.
      // The offline recogniser often writes "no" as "know" ("any nausea know nausea"): a "know"
      // with no one doing the knowing is read as "no".
      if (word === 'know' && !KNOWER.has(tokens[tokens.length - 1]?.word ?? '')) word = 'no';
      const contracted = /^(\w+)n't$/.exec(word);
      if (contracted?.[1]) {
        const base = contracted[1];
        tokens.push({ word: base, stem: base, start, end: end - 3, breakBefore, speaker });
        tokens.push({
          word: "n't",
          stem: "n't",
          start: end - 3,
          end,
          breakBefore: 'none',
          speaker,
        });
      } else {
        tokens.push({ word, stem: stem(word), start, end, breakBefore, speaker });
      }
      previousEnd = end;
    }
    lineStart += line.length + 1;
  }
  const byStem = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = byStem.get(t.stem);
    if (list) list.push(i);
    else byStem.set(t.stem, [i]);
  });
  const punctuated = tokens.some((t) => t.breakBefore === 'stop' || t.breakBefore === 'question');
  return { tokens, punctuated, byStem };
}

// --- cue tables as word sequences, indexed by their last word (cues are matched backwards) ------

type CueTable = ReadonlyMap<string, readonly string[][]>;

/** A cue's words as the tokeniser gives them ("don't" → "do n't"). */
const cueWords = (cue: string) => cue.replace(/(\w)n't\b/g, "$1 n't").split(' ');

/** Cues indexed by one of their words (longest cue first), so matching looks up one word. */
function cueTable(cues: readonly string[], key: (words: string[]) => string): CueTable {
  const table = new Map<string, string[][]>();
  for (const cue of cues) {
    const words = cueWords(cue);
    const list = table.get(key(words)) ?? [];
    list.push(words);
    list.sort((a, b) => b.length - a.length);
    table.set(key(words), list);
  }
  return table;
}

const byLastWord = (cues: readonly string[]) => cueTable(cues, (w) => w[w.length - 1] ?? '');
const byFirstWord = (cues: readonly string[]) => cueTable(cues, (w) => w[0] ?? '');

const PSEUDO = byLastWord(PSEUDO_NEGATIONS);
const BACKWARD: [
  Exclude<Assertion, 'affirmed'> | 'terminate' | 'pseudo' | 'end-negation',
  CueTable,
][] = [
  ['pseudo', PSEUDO],
  ['end-negation', byLastWord(AFFIRMING_QUANTITIES)],
  ['negated', byLastWord(NEGATION_CUES)],
  ['asked', byLastWord(QUESTION_CUES)],
  ['possible', byLastWord(POSSIBLE_CUES)],
  ['hypothetical', byLastWord(HYPOTHETICAL_CUES)],
  ['historical', byLastWord(HISTORICAL_CUES)],
  ['other-person', byLastWord(OTHER_PERSON_CUES)],
  ['terminate', byLastWord(TERMINATION_CUES)],
];
const OPENERS = byFirstWord(CLAUSE_OPENERS);
const NO_ANSWER = byFirstWord(NEGATIVE_ANSWERS);
const YES_ANSWER = byFirstWord(POSITIVE_ANSWERS);
// "… or anything like that": a list's tail, not a new question.
const FORWARD_QUESTION = byFirstWord(QUESTION_CUES.filter((c) => !c.startsWith('any')));
/** After these, a new subject continues the clause ("i don't think i have any", "no pain in my chest"). */
const BINDS_NEXT = new Set(
  'think know say said believe sure guess feel felt noticed notice wish wishes wished that if whether realize remember in on to of with at from around under over near by about into behind or'.split(
    ' ',
  ),
);
const FILLERS = new Set(['uh', 'um', 'er', 'erm', 'hmm', 'well', 'oh', 'ah', 'so', 'and', 'like']);

/** The cue of `table` that ends at token `end`, as its length in tokens (0 when none). */
function cueEndingAt(tokens: readonly AssertionToken[], end: number, table: CueTable): number {
  const candidates = table.get(tokens[end]?.word ?? '');
  if (!candidates) return 0;
  for (const words of candidates) {
    const first = end - words.length + 1;
    if (first < 0) continue;
    // A cue never spans a sentence break.
    let ok = true;
    for (let k = 0; k < words.length && ok; k += 1) {
      const token = tokens[first + k];
      ok =
        token !== undefined && token.word === words[k] && (k === 0 || token.breakBefore === 'none');
    }
    if (ok) return words.length;
  }
  return 0;
}

/** The cue of `table` that starts at token `start`, as its length in tokens (0 when none). */
function cueStartingAt(tokens: readonly AssertionToken[], start: number, table: CueTable): number {
  const candidates = table.get(tokens[start]?.word ?? '');
  if (!candidates) return 0;
  for (const words of candidates) {
    let ok = true;
    for (let k = 0; k < words.length && ok; k += 1) {
      const token = tokens[start + k];
      ok =
        token !== undefined && token.word === words[k] && (k === 0 || token.breakBefore === 'none');
    }
    if (ok) return words.length;
  }
  return 0;
}

const BARE_NO = new Set(['no', 'nope', 'nah', 'none']);

/** Question words that statements use too ("i don't have any", "i've never ever had"). */
const WEAK_QUESTION = new Set(['any', 'any other', 'ever had', 'ever have', 'experiencing']);

/** How far back a cue reaches, in tokens: a sentence when there are sentences, less when not. */
const REACH_PUNCTUATED = 20;
const REACH_UNPUNCTUATED = 9;
/** How much further back each "or" of a list lets a cue be looked for. */
const LIST_REACH = 3;
/** How far after a question its answer is looked for. */
const ANSWER_REACH = 12;

const isSentenceBreak = (b: Break) => b === 'stop' || b === 'question' || b === 'turn';

interface BackwardCue {
  kind: Exclude<Assertion, 'affirmed'>;
  at: number;
  words: string;
}

/** The cues before a mention, nearest first, within its sentence and up to a termination. */
function cuesBefore(text: AssertionText, first: number): BackwardCue[] {
  const { tokens } = text;
  const reach = text.punctuated ? REACH_PUNCTUATED : REACH_UNPUNCTUATED;
  const found: BackwardCue[] = [];
  if (isSentenceBreak(tokens[first]?.breakBefore ?? 'turn')) return found;
  // "i can't | catch my breath": a pseudo-negation that ends on the mention's first word.
  const inside = cueEndingAt(tokens, first, PSEUDO);
  let negationEnded = false;
  // "any other symptoms like a cough or shortness of breath or dizziness": each "or" of a list
  // asked about carries the question further back.
  let listed = 0;
  for (let j = first - Math.max(1, inside); j >= 0 && first - j <= reach + LIST_REACH * listed;) {
    if (tokens[j]?.word === 'or') listed += 1;
    let matched = false;
    for (const [kind, table] of BACKWARD) {
      const length = cueEndingAt(tokens, j, table);
      if (length === 0) continue;
      matched = true;
      if (kind === 'terminate') return found;
      if (kind === 'end-negation') negationEnded = true;
      else if (kind === 'negated' && negationEnded) {
        // "no fever, some | chills": the denial was the fever's.
      } else if (kind !== 'pseudo') {
        found.push({
          kind,
          at: j - length + 1,
          words: tokens
            .slice(j - length + 1, j + 1)
            .map((t) => t.word)
            .join(' '),
        });
      }
      j -= length;
      break;
    }
    // "any nausea or vomiting | some nausea but no vomiting", unpunctuated: past a quantity that
    // affirms ("some"), the same finding named again was what the question before asked about;
    // this mention is the reply's, and the question's answer ("no" to the vomiting) is not its.
    if (!matched && negationEnded && tokens[j]?.word === tokens[first]?.word) return found;
    if (!matched) {
      // A new subject starts a new clause: "no fever | my knee hurts", "i can't catch my breath
      // and | i feel like i'm wheezing" — unless a verb of thinking binds it ("i don't think i").
      if (cueStartingAt(tokens, j, OPENERS) > 0 && !BINDS_NEXT.has(tokens[j - 1]?.word ?? '')) {
        return found;
      }
      j -= 1;
    }
    const here = tokens[j + 1];
    if (here && isSentenceBreak(here.breakBefore)) return found;
  }
  return found;
}

/**
 * An answer at token `at` (after fillers): 'negated', 'affirmed', 'neither' (a reply that says
 * it does not know: "i don't think so, i haven't checked") or null (no answer read here).
 */
function answerAt(
  tokens: readonly AssertionToken[],
  at: number,
): 'negated' | 'affirmed' | 'neither' | null {
  let k = at;
  while (k < tokens.length && FILLERS.has(tokens[k]?.word ?? '') && k - at < 3) k += 1;
  const no = cueStartingAt(tokens, k, NO_ANSWER);
  const yes = cueStartingAt(tokens, k, YES_ANSWER);
  if (yes > no) {
    // "i have no …", "i do not …": a yes-opening that goes on to say no.
    const next = tokens[k + yes]?.word ?? '';
    if (!/^(?:no|not|n't|never)$/.test(next)) return 'affirmed';
    return takenBack(tokens, k + yes + 1) ? null : 'negated';
  }
  // "i don't hear the question", "i do not understand": asking again, not answering.
  if (no > 0 && !ASKING_AGAIN.has(tokens[k + no]?.word ?? '')) {
    if (takenBack(tokens, k + no)) return null;
    return notFoundOut(tokens, k + no) ? 'neither' : 'negated';
  }
  return null;
}

/** How far into a "no" reply a "but i haven't checked" is looked for. */
const NOT_FOUND_OUT_REACH = 8;
/**
 * Words of someone who has not found out ("i haven't checked", "not sure"), in a reply that
 * otherwise says no: the engine's reading of replies uses it too.
 */
export const NOT_FOUND_OUT =
  /\b(?:(?:have|has|had|did|do) ?(?:not|n't)|haven't|hasn't|hadn't|didn't|never) (?:checked|measured|taken|weighed|tested|looked)\b|\b(?:not sure|no idea|(?:do|did) ?(?:not|n't) know|don't know|didn't know|can't tell|cannot tell)\b/;

/**
 * "i don't think so, i haven't checked" to "any fever?": a "no" from someone who has not found
 * out is no denial (nor a yes).
 */
function notFoundOut(tokens: readonly AssertionToken[], after: number): boolean {
  const words: string[] = [];
  for (let j = after; j < tokens.length && j - after < NOT_FOUND_OUT_REACH; j += 1) {
    const token = tokens[j];
    if (!token || (j > after && token.breakBefore === 'turn')) break;
    words.push(token.word);
  }
  return NOT_FOUND_OUT.test(words.join(' '));
}

/** Words that may stand between a "no" and the "yes" that takes it back. */
const TAKE_BACK_FILLERS = new Set(['wait', 'well', 'um', 'uh', 'actually', 'oh']);
const TAKE_BACK = new Set(['yes', 'yeah', 'yep', 'sometimes', 'occasionally']);

/**
 * A "no" taken back at once — "no, actually yes", "no sometimes yeah", or the clinician's own
 * "…, no?" followed by the patient's "sometimes" when the speakers are not told apart: neither
 * a yes nor a no, so nothing is denied from it.
 */
function takenBack(tokens: readonly AssertionToken[], after: number): boolean {
  let j = after;
  while (j < tokens.length && TAKE_BACK_FILLERS.has(tokens[j]?.word ?? '') && j - after < 3) {
    j += 1;
  }
  return TAKE_BACK.has(tokens[j]?.word ?? '');
}

/** After "i don't" / "i do not": a reply that asks for the question again. */
const ASKING_AGAIN = new Set(['hear', 'understand', 'follow']);

const said = (answer: ReturnType<typeof answerAt>) => (answer === 'neither' ? null : answer);

/**
 * "any chest pain or shortness of breath? no chest pain, but i get short of breath on the stairs":
 * the "no" at `at` goes on to name another finding the question asked about, so it is that one's
 * denial, not a no to the mention `first`..`last`.
 */
function deniesAnotherAsked(
  tokens: readonly AssertionToken[],
  first: number,
  last: number,
  at: number,
): boolean {
  let k = at;
  while (k < tokens.length && FILLERS.has(tokens[k]?.word ?? '') && k - at < 3) k += 1;
  const no = cueStartingAt(tokens, k, NO_ANSWER);
  const after = tokens[k + no];
  if (no === 0 || !after || after.breakBefore !== 'none' || !/^[a-z]{3,}$/.test(after.word)) {
    return false;
  }
  if (
    NO_ANSWER.has(after.word) ||
    YES_ANSWER.has(after.word) ||
    FILLERS.has(after.word) ||
    contentStems(after.word).length === 0
  ) {
    return false;
  }
  const ours = new Set(tokens.slice(first, last + 1).map((t) => t.stem));
  if (ours.has(after.stem)) return false;
  // Named in the question itself: the few words around the mention, before the answer.
  return tokens.slice(Math.max(0, first - 6), at).some((t) => t.stem === after.stem);
}

/** The answer to a question about the mention `first`..`last`, if one can be read. */
function answerAfter(
  text: AssertionText,
  first: number,
  last: number,
): 'negated' | 'affirmed' | null {
  const { tokens } = text;
  const answerAtK = (k: number) => {
    const answer = said(answerAt(tokens, k));
    return answer === 'negated' && deniesAnotherAsked(tokens, first, last, k) ? null : answer;
  };
  for (let k = last + 1; k < tokens.length && k - last <= ANSWER_REACH + 18; k += 1) {
    const token = tokens[k];
    if (!token) break;
    const brk = token.breakBefore;
    if (brk === 'question' || brk === 'turn') return answerAtK(k);
    if (brk === 'stop') return text.punctuated ? null : answerAtK(k);
    if (k - last > ANSWER_REACH && !text.punctuated) return null;
    if (cueStartingAt(tokens, k, FORWARD_QUESTION) > 0) return null;
    // Unpunctuated speech: the answer follows the list it answers ("chest pain nausea no").
    if (!text.punctuated || brk === 'comma') {
      const answer = answerAt(tokens, k);
      if (answer) return answer === 'neither' ? null : answerAtK(k);
    }
  }
  return null;
}

/**
 * "any nausea or vomiting? some nausea, but no vomiting": the reply names the finding again with
 * its own quantity or denial, and that mention says whether the patient has it; the question's
 * mention takes no answer (the reply's "some" is not a yes to the vomiting).
 */
function answeredByName(text: AssertionText, first: number, last: number): boolean {
  const { tokens } = text;
  const word = tokens[first]?.word;
  for (let k = last + 1; k < tokens.length && k - last <= ANSWER_REACH; k += 1) {
    if (tokens[k]?.word === word && /^(?:some|little|of|no|not)$/.test(tokens[k - 1]?.word ?? '')) {
      return true;
    }
  }
  return false;
}

/**
 * Unpunctuated, "are you taking anything for the headaches paracetamol but it does not help": the
 * question asked for "anything for" something, that something was named, and the finding after it
 * is the reply naming what was taken, not a part of the question.
 */
function repliesToOpenQuestion(text: AssertionText, first: number): boolean {
  if (text.punctuated) return false;
  const { tokens } = text;
  const before = tokens
    .slice(Math.max(0, first - 6), first)
    .map((t) => t.word)
    .join(' ');
  return (
    /\banything for (?:the |your |my |his |her |it )?[a-z0-9']+$/.test(before) &&
    !/\b(?:or|and|like|any|the|your|my)$/.test(before)
  );
}

/** Whether the mention's own sentence ends with a question mark. */
function inQuestionSentence(text: AssertionText, last: number): boolean {
  const { tokens } = text;
  for (let k = last + 1; k < tokens.length && k - last <= 30; k += 1) {
    const brk = tokens[k]?.breakBefore ?? 'turn';
    if (brk === 'question') return true;
    if (brk === 'stop' || brk === 'turn') return false;
  }
  return false;
}

/** The assertion of the mention spanning tokens `first`..`last`. */
function assertionOfTokens(
  text: AssertionText,
  first: number,
  last: number,
): { assertion: Assertion; cue: string | null } {
  // "… chest pain not really no | any nausea": a bare "no" right before "any" answers the question
  // before it ("no any" is no sentence), and so does every denial before it; the new question is
  // asked, not denied.
  const all = cuesBefore(text, first);
  const any = all.find((c) => c.kind === 'asked' && c.words === 'any');
  const replied = any !== undefined && BARE_NO.has(text.tokens[any.at - 1]?.word ?? '');
  const cues = replied ? all.filter((c) => !(c.kind === 'negated' && c.at < any.at)) : all;
  const negation = cues.find((c) => c.kind === 'negated');
  // "do you have any …" is a question, "i don't have any …" a denial: the nearest question cue
  // other than "any" decides only when no negation stands between it and the mention.
  const nearest = cues[0];
  let kind = nearest?.kind ?? null;
  if (kind === 'asked' && nearest && WEAK_QUESTION.has(nearest.words)) {
    const realQuestion = cues.find((c) => c.kind === 'asked' && !WEAK_QUESTION.has(c.words));
    // "call me if you get any chest pain": "any" inside a condition, a possibility, a relative.
    const other = cues.find((c) => c.kind !== 'asked' && c.kind !== 'negated');
    if (negation && (!realQuestion || realQuestion.at < negation.at)) kind = 'negated';
    else if (other && (!realQuestion || realQuestion.at < other.at)) {
      return { assertion: other.kind, cue: other.words };
    }
  }
  if (kind === null && inQuestionSentence(text, last)) kind = 'asked';
  // Unpunctuated, "… like muscle aches no nausea …": the "no" answers a question the recogniser
  // wrote without its question mark, or denies what follows; either way nothing affirms it.
  if (kind === null && !text.punctuated && BARE_NO.has(text.tokens[last + 1]?.word ?? '')) {
    return { assertion: 'asked', cue: '… no' };
  }
  if (kind === 'asked' && repliesToOpenQuestion(text, first)) {
    return { assertion: 'affirmed', cue: `${nearest?.words ?? '?'} anything for … (the reply)` };
  }
  if (kind === 'asked' && answeredByName(text, first, last)) {
    return { assertion: 'asked', cue: `${nearest?.words ?? '?'} … (answered by name)` };
  }
  if (kind === 'asked') {
    const answer = answerAfter(text, first, last);
    const cue = `${nearest?.words ?? '?'} … ${answer === null ? '(no answer)' : answer === 'negated' ? 'no' : 'yes'}`;
    return { assertion: answer ?? 'asked', cue };
  }
  if (kind === 'negated') return { assertion: 'negated', cue: negation?.words ?? null };
  if (kind) return { assertion: kind, cue: nearest?.words ?? null };
  return { assertion: 'affirmed', cue: null };
}

/** Words of a finding as stems, without the filler words a note adds ("any", "the"). */
const PHRASE_SKIP = new Set([
  'a',
  'an',
  'the',
  'any',
  'some',
  'of',
  'in',
  'on',
  'my',
  'her',
  'his',
]);

function phraseStems(phrase: string): string[] {
  return (phrase.toLowerCase().match(/[a-z0-9]+(?:[-'][a-z0-9]+)*/g) ?? [])
    .filter((w) => !PHRASE_SKIP.has(w))
    .map(stem);
}

/**
 * Every mention of a finding (all its words, in order, at most two other words between each),
 * with its assertion. "chest pain" meets "chest pains" and "pain in my chest" does not.
 */
export function findingMentions(text: AssertionText, phrase: string): Mention[] {
  const stems = phraseStems(phrase);
  const head = stems[0];
  if (!head) return [];
  const { tokens } = text;
  const out: Mention[] = [];
  for (const first of text.byStem.get(head) ?? []) {
    let last = first;
    let ok = true;
    for (let k = 1; k < stems.length && ok; k += 1) {
      let found = -1;
      for (let j = last + 1; j <= last + 3 && j < tokens.length; j += 1) {
        if (j > last + 1 && isSentenceBreak(tokens[j]?.breakBefore ?? 'turn')) break;
        if (tokens[j]?.stem === stems[k]) {
          found = j;
          break;
        }
      }
      if (found < 0) ok = false;
      else last = found;
    }
    if (!ok) continue;
    const { assertion, cue } = assertionOfTokens(text, first, last);
    const start = tokens[first]!;
    out.push({
      start: start.start,
      end: tokens[last]!.end,
      assertion,
      cue,
      speaker: start.speaker,
    });
  }
  return out;
}

/** How the transcript speaks of a finding, all mentions together. */
export interface FindingPolarity {
  mentions: Mention[];
  /** Said to be present (by the patient, or by the clinician reporting it) at least once. */
  affirmed: boolean;
  /** Said to be absent at least once. */
  negated: boolean;
}

export function findingPolarity(text: AssertionText, phrase: string): FindingPolarity {
  const mentions = findingMentions(text, phrase);
  return {
    mentions,
    affirmed: mentions.some((m) => m.assertion === 'affirmed'),
    negated: mentions.some((m) => m.assertion === 'negated'),
  };
}
