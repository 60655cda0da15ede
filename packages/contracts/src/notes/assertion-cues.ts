/**
 * The cue tables of the assertion stage (./assertion.ts), as data and in one place: the words
 * around a finding that say it is absent, asked about, possible, hypothetical, in the past or
 * someone else's, and the words that end a cue's reach. Modelled on ConText's rule tables (Harkema
 * et al. 2009; medspaCy's `context_rules.json`), written for spoken consultations: the answers to
 * a clinician's questions ("no", "not really", "i have") decide what a question was about.
 *
 * Each cue is lower-case words separated by single spaces; contractions are single words
 * ("don't"), and the tokeniser also splits ACI-BENCH's "do n't" into "do" + "n't".
 */

/** Before a finding: it is absent ("no fever", "denies chest pain", "i don't have any cough"). */
export const NEGATION_CUES = [
  'no',
  'not',
  "n't",
  'never',
  'denies',
  'denied',
  'deny',
  'denying',
  'without',
  'negative for',
  'free of',
  'none',
  'nor',
  'neither',
  'no longer',
  'absence of',
  'ruled out',
  "don't",
  "doesn't",
  "didn't",
  "haven't",
  "hasn't",
  "hadn't",
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "can't",
  'cannot',
  "won't",
  'nothing',
] as const;

/** Negation words that do not negate what follows ("not sure", "not only"). */
export const PSEUDO_NEGATIONS = [
  'not sure',
  'not certain',
  'not only',
  "don't know",
  'do not know',
  "doesn't know",
  'no change',
  'no changes',
  'not just',
  "can't tell",
  'no doubt',
  'no matter',
  'not bad',
  "wasn't sure",
  // A negation inside the complaint itself: "i can't catch my breath" affirms breathlessness.
  "n't catch",
  'cannot catch',
  "n't breathe",
  'cannot breathe',
  "n't sleep",
  'cannot sleep',
  "n't get comfortable",
  "n't walk",
  "n't move",
  "n't bend",
  "n't lift",
  "n't swallow",
  'not able',
  'unable',
  'no relief',
  'not better',
  'not improving',
  'not going away',
  "n't go away",
  "n't gone away",
  "n't help",
  "n't helped",
  "n't working",
] as const;

/**
 * Before a finding: it is asked about, and the answer decides ("have you had any chest pain?",
 * "any nausea vomiting", "how about fever").
 */
export const QUESTION_CUES = [
  'any',
  'have you',
  "haven't you",
  'do you',
  "don't you",
  'did you',
  'are you',
  'were you',
  'is there',
  'was there',
  'has there',
  'have there',
  'how about',
  'what about',
  'ever had',
  'ever have',
  'experiencing',
  'anything like',
  'any other',
] as const;

/** The start of an answer that says no. */
export const NEGATIVE_ANSWERS = [
  'no',
  'nope',
  'nah',
  'none',
  'never',
  'not really',
  'not at all',
  'negative',
  'i have not',
  "i haven't",
  "i've not",
  "i don't",
  'i do not',
  "i didn't",
  'i did not',
  "i wouldn't say",
  'not that i know',
  "not that i've",
  'not that i',
  'no no',
  'uh no',
  'um no',
  'nothing',
] as const;

/** The start of an answer that says yes. */
export const POSITIVE_ANSWERS = [
  'yes',
  'yeah',
  'yep',
  'yup',
  'i have',
  "i've had",
  "i've been",
  'i do',
  'i did',
  'a little',
  'a bit',
  'sometimes',
  'some',
  'definitely',
  'mm-hmm',
  'uh-huh',
  'correct',
  'occasionally',
  'slightly',
  'slight',
  'kind of',
  'sort of',
  'here and there',
  'once in a while',
  'every once in a while',
  'every now and then',
  'on and off',
  'off and on',
  'at times',
  'a few times',
  'i think so',
  'it does',
  'all the time',
  'constantly',
] as const;

/** Before a finding: it may be there ("maybe a little fever", "concerning for pneumonia"). */
export const POSSIBLE_CUES = [
  'maybe',
  'might',
  'might have',
  'may be',
  'possibly',
  'possible',
  'probable',
  'probably',
  'suspect',
  'suspected',
  'concern for',
  'concerning for',
  'rule out',
  'could be',
  'question of',
  'not sure if',
  'i think',
  'sounds like',
] as const;

/** Before a finding: it is not happening, only considered ("call me if you get chest pain"). */
export const HYPOTHETICAL_CUES = [
  'if',
  'in case',
  'should you',
  'unless',
  'watch for',
  'look out for',
  'lookout for',
  'signs of',
  'as needed for',
  'to prevent',
  'prevent',
  'risk of',
  'avoid',
  // "i wish i had some weight loss": wanted, not had.
  'wish',
  'wishes',
  'wished',
] as const;

/** Before a finding: it belongs to the past ("history of", "i used to get migraines"). */
export const HISTORICAL_CUES = [
  'history of',
  'used to',
  'in the past',
  'years ago',
  'previously',
  'as a child',
  'when i was younger',
  // A medicine's side effect, told as why it was stopped: "i stopped it because it gave me
  // diarrhoea" is not diarrhoea today.
  'gave me',
  'made me',
] as const;

/** Before a finding: it is someone else's ("my mother had breast cancer", "family history of"). */
export const OTHER_PERSON_CUES = [
  'my mother',
  'my mom',
  'my father',
  'my dad',
  'my sister',
  'my brother',
  'my wife',
  'my husband',
  'my son',
  'my daughter',
  'my grandmother',
  'my grandfather',
  'my grandma',
  'my grandpa',
  'my aunt',
  'my uncle',
  'my cousin',
  'my parents',
  'my kids',
  'my partner',
  'family history',
  'runs in the family',
  'runs in my family',
  'her mother',
  'his mother',
  'her father',
  'his father',
] as const;

/**
 * Words that start what the patient does have, after a denial: "no fever, some chills", "no
 * nausea, a little bit of heartburn". They end a negation's reach, not other cues' ("call me if
 * you get some chest pain" stays hypothetical).
 */
export const AFFIRMING_QUANTITIES = [
  'some',
  'a little',
  'a little bit of',
  'a bit of',
  'a lot of',
  'lots of',
] as const;

/**
 * Words that end a cue's reach: a contrast ("no fever but a cough") or a new clause about
 * someone else. In text without punctuation (speech-to-text), a new subject ("i", "my", "she")
 * also starts a new clause; see `CLAUSE_OPENERS`.
 */
export const TERMINATION_CUES = [
  'but',
  'however',
  'although',
  'though',
  'except',
  'yet',
  'whereas',
  'apart from',
  'aside from',
  'other than',
  'which',
  'yes',
  'yeah',
  'okay',
  'alright',
  'so',
  'because',
  'though',
  // "no fracture for your left knee pain": the problem a finding is about is not what was denied.
  'for your',
  'for her',
  'for his',
  'for their',
] as const;

/** In unpunctuated text: words that open a new clause, so a cue before them does not reach past. */
export const CLAUSE_OPENERS = [
  'i',
  "i'm",
  "i've",
  'my',
  'she',
  'he',
  'we',
  'they',
  'it',
  "it's",
  'there',
  'and then',
  'now',
  'today',
] as const;
