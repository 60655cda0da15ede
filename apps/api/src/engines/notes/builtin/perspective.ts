/**
 * First and second person → clinical third person. "i feel dizzy" (patient) and "you feel
 * dizzy" (clinician) both become "he feels dizzy"; "my knee" / "your knee" become "his knee".
 * The clinician's own "I" / "we" stay: notes are written in the clinician's voice.
 */
import { namesClinicalContent } from './uncertainty';

export type Sex = 'male' | 'female' | null;

export interface Pronouns {
  /** Singular "they": verbs keep their plural form ("they feel", "they were"). */
  plural: boolean;
  subject: string;
  object: string;
  possessive: string;
  possessivePronoun: string;
  reflexive: string;
}

export function pronounsFor(sex: Sex): Pronouns {
  if (sex === 'male') {
    return {
      plural: false,
      subject: 'he',
      object: 'him',
      possessive: 'his',
      possessivePronoun: 'his',
      reflexive: 'himself',
    };
  }
  if (sex === 'female') {
    return {
      plural: false,
      subject: 'she',
      object: 'her',
      possessive: 'her',
      possessivePronoun: 'hers',
      reflexive: 'herself',
    };
  }
  // Without a stated sex the note uses singular "they" rather than guess.
  return {
    plural: true,
    subject: 'they',
    object: 'them',
    possessive: 'their',
    possessivePronoun: 'theirs',
    reflexive: 'themselves',
  };
}

const THIRD_PERSON_IRREGULAR: Record<string, string> = {
  am: 'is',
  are: 'is',
  were: 'was',
  have: 'has',
  do: 'does',
  go: 'goes',
  undergo: 'undergoes',
};

/** Forms that do not change with the subject. */
const INVARIANT = new Set([
  'is',
  'was',
  'has',
  'does',
  'did',
  'had',
  'can',
  'cannot',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'used',
  'ought',
  'got',
  'felt',
  'took',
  'went',
  'made',
  'came',
  'saw',
  'thought',
  'told',
  'said',
  'gave',
  'fell',
  'hurt',
  'began',
  'broke',
  'bought',
  'brought',
  'caught',
  'drove',
  'ate',
  'found',
  'forgot',
  'held',
  'kept',
  'knew',
  'left',
  'lost',
  'met',
  'paid',
  'put',
  'ran',
  'sat',
  'sent',
  'slept',
  'spent',
  'stood',
  'threw',
  'understood',
  'woke',
  'wore',
  'wrote',
  'heard',
  'let',
  'quit',
  'cut',
  'hit',
  'split',
  'set',
  'read',
  'became',
  'bit',
  'blew',
  'chose',
  'drank',
  'fought',
  'flew',
  'grew',
  'hid',
  'lay',
  'led',
  'lit',
  'rode',
  'rang',
  'rose',
  'sang',
  'sank',
  'shook',
  'shot',
  'shut',
  'slid',
  'spoke',
  'spun',
  'stole',
  'stuck',
  'stung',
  'swam',
  'swore',
  'swung',
  'taught',
  'tore',
  'won',
  'wound',
  'also',
  'not',
  'no',
]);

/** Words that sit between a subject and its verb ("i just feel", "i also get"). */
const ADVERBS = new Set([
  'just',
  'also',
  'really',
  'actually',
  'still',
  'never',
  'always',
  'usually',
  'often',
  'sometimes',
  'only',
  'even',
  'already',
  'recently',
  'probably',
  'mostly',
  'occasionally',
  'generally',
  'normally',
  'typically',
  'definitely',
  'certainly',
  'barely',
  'hardly',
  'rarely',
  'seldom',
  'finally',
  'now',
  'then',
  'kind',
  'sort',
  'of',
  'pretty',
  'much',
  'constantly',
  'frequently',
  'literally',
  'basically',
  'honestly',
  'currently',
  'initially',
  'first',
  'again',
  'both',
  'all',
  'ever',
  'personally',
]);

export function thirdPersonVerb(verb: string): string {
  if (verb in THIRD_PERSON_IRREGULAR) return THIRD_PERSON_IRREGULAR[verb] ?? verb;
  if (INVARIANT.has(verb)) return verb;
  if (!/^[a-z]+$/.test(verb)) return verb;
  if (
    /^(?:need|feed|bleed|speed|proceed|exceed|succeed|breed|heed|bring|sing|sting|swing|string|cling|fling|sling|wring)$/.test(
      verb,
    )
  ) {
    return `${verb}s`;
  }
  if (/ed$/.test(verb) || /ing$/.test(verb)) return verb;
  if (/(?:ss|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/[^s]s$/.test(verb) || /us$/.test(verb)) return verb;
  return `${verb}s`;
}

/** Preceding words after which "you" is an object ("give you", "for you"). */
const OBJECT_CONTEXT = new Set([
  'to',
  'for',
  'with',
  'at',
  'on',
  'in',
  'from',
  'about',
  'into',
  'onto',
  'by',
  'than',
  'give',
  'gave',
  'giving',
  'see',
  'saw',
  'seeing',
  'tell',
  'told',
  'ask',
  'asked',
  'let',
  'help',
  'helps',
  'send',
  'sending',
  'refer',
  'referring',
  'put',
  'putting',
  'get',
  'getting',
  'got',
  'want',
  'need',
  'make',
  'makes',
  'bring',
  'call',
  'check',
  'examine',
  'show',
  'thank',
  'prescribe',
  'start',
  'starting',
  'keep',
  'keeping',
  'take',
  'place',
  'schedule',
  'set',
  'like',
  'advise',
  'encourage',
  'treat',
  'bother',
  'bothers',
  'bothering',
  'hurt',
  'hurts',
  'wake',
  'wakes',
  'keeps',
  'remind',
  'contact',
  'brace',
  'admit',
  'discharge',
  'clear',
  'move',
  'switch',
  'transition',
  'have',
  'had',
  'following',
  'follow',
  'seen',
  'assess',
  'evaluate',
  'monitor',
]);

/** After "you": an auxiliary makes it the subject ("like you are able"). */
const AUX_NEXT = new Set([
  'are',
  'were',
  'have',
  'had',
  'do',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'may',
  'might',
  'must',
  'need',
  'feel',
  'felt',
  'mentioned',
  'said',
  'told',
  'seem',
  'seemed',
  'still',
  'also',
]);

/** After "you": words a subject is never followed by ("sent you for", "put you on"). */
const OBJECT_NEXT = new Set([
  'for',
  'to',
  'on',
  'in',
  'at',
  'a',
  'an',
  'the',
  'some',
  'back',
  'up',
  'down',
  'off',
  'out',
  'over',
  'about',
  'with',
  'from',
  'into',
  'through',
  'again',
  'any',
  'this',
  'that',
  'these',
  'those',
  'another',
  'something',
  'anything',
  'home',
  'today',
  'tomorrow',
  'soon',
  'after',
  'before',
  'and',
  'or',
  'if',
  'when',
  'so',
  'because',
  'as',
  'more',
  'less',
  'right',
]);

interface Token {
  lead: string;
  word: string;
  trail: string;
}

function tokenize(text: string): Token[] {
  return text
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map((t) => {
      const m = /^([^a-z0-9]*)(.*?)([^a-z0-9%]*)$/i.exec(t);
      return { lead: m?.[1] ?? '', word: m?.[2] ?? t, trail: m?.[3] ?? '' };
    });
}

function join(tokens: Token[]): string {
  return tokens
    .filter((t) => t.word.length > 0 || t.lead.length > 0 || t.trail.length > 0)
    .map((t) => `${t.lead}${t.word}${t.trail}`)
    .join(' ');
}

/** Words that cannot be the verb after a subject: stop looking for one. */
const NOT_VERB = new Set([
  'my',
  'your',
  'his',
  'her',
  'their',
  'our',
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'it',
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'and',
  'or',
  'but',
  'so',
  'if',
  'because',
  'of',
  'from',
  'by',
  'as',
  'like',
  'about',
  'what',
  'when',
  'where',
  'how',
  'why',
  'who',
  'which',
  'there',
  'here',
  'yes',
  'no',
  'okay',
  'some',
  'any',
]);

const PLURAL_FORMS: Record<string, string> = {
  am: 'are',
  was: 'were',
  is: 'are',
  has: 'have',
  does: 'do',
};

/** After a replaced subject, make the next verb agree with it, skipping adverbs. */
function conjugateAfter(tokens: Token[], index: number, plural: boolean): void {
  for (let j = index + 1; j < tokens.length && j <= index + 4; j += 1) {
    const token = tokens[j];
    if (!token) return;
    const prev = tokens[j - 1];
    if (prev && prev.trail.length > 0) return;
    if (ADVERBS.has(token.word)) continue;
    if (NOT_VERB.has(token.word) || /^\d/.test(token.word)) return;
    token.word = plural ? (PLURAL_FORMS[token.word] ?? token.word) : thirdPersonVerb(token.word);
    return;
  }
}

/** Auxiliaries that put "you" after them in a question ("could you tell"): no agreement. */
const INVERTING_AUX = new Set([
  'could',
  'can',
  'would',
  'will',
  'do',
  'did',
  'does',
  'should',
  'are',
  'have',
  'were',
  'may',
  'might',
  'shall',
]);

/**
 * The subject that opens a sentence (nothing before it, or only a sentence end). Without a stated
 * sex it is written "the patient" rather than "they": a clinical note names its subject ("The
 * patient reports ..."), and a sentence-initial "They" reads as someone else (issue 12).
 */
function opensSentence(tokens: Token[], index: number): boolean {
  if (index === 0) return true;
  const prev = tokens[index - 1];
  return prev !== undefined && /[.?!]$/.test(prev.trail);
}

/** Words between "your" and what it owns: "your right knee", "your last colonoscopy". */
const OWNED_MODIFIERS = new Set(['left', 'right', 'lower', 'upper', 'last', 'current', 'own']);

/**
 * "your" in the patient's speech that owns a part of the body or something clinical ("right on
 * your shoulder", "your hemoglobin a1c") is the patient's own: the generic "your" of a patient
 * telling how it hurts, or, in a transcript without speakers, the clinician's words read as the
 * patient's. Either way the note means the patient. Not when the sentence also speaks to someone
 * ("when you bend your knee", "you checked your notes"), where "your" may be the listener's.
 */
function ownsClinicalThing(tokens: Token[], index: number): boolean {
  if (tokens.some((t, i) => t.word === 'you' && tokens[i + 1]?.word !== 'know')) return false;
  let next = index + 1;
  while (tokens[next] && OWNED_MODIFIERS.has(tokens[next]?.word ?? '')) next += 1;
  const owned = tokens
    .slice(next, next + 2)
    .map((t) => t.word)
    .join(' ');
  return owned.length > 0 && namesClinicalContent(owned);
}

/** Patient speech: I/me/my → he/him/his (or she/her, or "the patient"); we/our → they/their. */
export function patientToThirdPerson(text: string, p: Pronouns): string {
  const tokens = tokenize(text);
  tokens.forEach((token, i) => {
    switch (token.word) {
      case 'your':
        if (ownsClinicalThing(tokens, i))
          token.word = opensSentence(tokens, i) && p.plural ? "the patient's" : p.possessive;
        break;
      case 'i':
        if (opensSentence(tokens, i) && p.plural) {
          token.word = 'the patient';
          conjugateAfter(tokens, i, false);
        } else {
          token.word = p.subject;
          conjugateAfter(tokens, i, p.plural);
        }
        break;
      case 'me':
        token.word = p.object;
        break;
      case 'my':
        token.word = opensSentence(tokens, i) && p.plural ? "the patient's" : p.possessive;
        break;
      case 'mine':
        token.word = p.possessivePronoun;
        break;
      case 'myself':
        token.word = p.reflexive;
        break;
      case 'we':
        token.word = 'they';
        break;
      case 'us':
        token.word = 'them';
        break;
      case 'our':
        token.word = 'their';
        break;
      case 'ourselves':
        token.word = 'themselves';
        break;
      default:
        break;
    }
  });
  return join(tokens);
}

/**
 * "you can give her paracetamol": the clinician speaking to a parent or carer, with the patient
 * named in the same clause as "her" or "him". The listener is not the patient ("She can give her
 * paracetamol" said the child would), so it is written as the advice it is.
 */
const CARER_ADVICE =
  /^((?:\S+ )*?)you (can|could|should|may|might|must|need to|will need to|have to)( (?:also |just |still )?(?:give|keep|bring|let|make|offer|put|get|help|watch|check|start|stop|use|apply|encourage|try giving|carry on giving|continue giving) (her|him)\b)/i;

function asCarerAdvice(text: string, p: Pronouns): string {
  const match = CARER_ADVICE.exec(text);
  // "you can give her a call" to a male patient: "her" is someone else, "you" the patient.
  if (!match || (!p.plural && match[4]?.toLowerCase() !== p.object)) return text;
  const before = match[1] ?? '';
  const modal = match[2] ?? '';
  const who = before ? `the parent or carer ${modal}` : 'advised to';
  const advice = `${before}${who}${match[3] ?? ''}`;
  return `${advice}${text.slice(match[0].length)}`;
}

/** Clinician speech to the patient: you/your → he/his; the clinician's own I/we are kept. */
export function clinicianToThirdPerson(text: string, p: Pronouns): string {
  const tokens = tokenize(asCarerAdvice(text, p));
  tokens.forEach((token, i) => {
    const prev = tokens[i - 1];
    switch (token.word) {
      case 'you': {
        const next = tokens[i + 1];
        const beforeAux = token.trail === '' && next !== undefined && AUX_NEXT.has(next.word);
        const isObject =
          !beforeAux &&
          ((prev !== undefined && prev.trail === '' && OBJECT_CONTEXT.has(prev.word)) ||
            (token.trail === '' && next !== undefined && OBJECT_NEXT.has(next.word)) ||
            token.trail.length > 0 ||
            next === undefined);
        if (isObject) {
          token.word = p.object;
        } else if (opensSentence(tokens, i) && p.plural) {
          token.word = 'the patient';
          conjugateAfter(tokens, i, false);
        } else {
          token.word = p.subject;
          if (!(prev && INVERTING_AUX.has(prev.word))) conjugateAfter(tokens, i, p.plural);
        }
        break;
      }
      case 'your':
        token.word = opensSentence(tokens, i) && p.plural ? "the patient's" : p.possessive;
        break;
      case 'yours':
        token.word = p.possessivePronoun;
        break;
      case 'yourself':
        token.word = p.reflexive;
        break;
      default:
        break;
    }
  });
  return join(tokens);
}

/** "rates" / "rate" depending on whether the subject is he/she or singular they. */
export function agree(p: Pronouns, singular: string, plural: string): string {
  return p.plural ? plural : singular;
}
