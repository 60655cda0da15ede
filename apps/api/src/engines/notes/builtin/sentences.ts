/**
 * Sentences (issue 21): a turn cut into the sentences a note is written from. Punctuated speech
 * splits at full stops and question marks; speech-to-text without punctuation is cut where a
 * speaker would pause — before a new subject, "okay", "so", a question's opening words ("do you",
 * "how long", "does that hurt") and the bare answer after it — so that a question and its reply
 * pair up as they do in a punctuated transcript.
 */
import {
  CONDITIONS,
  CONTROL_STATED_SOURCE,
  HOW_OFTEN_OR_LONG_REPLY,
  MEDICATIONS,
  PART_FOUND_SOURCE,
  URGENT_CARE_PLACE_SOURCE,
} from './lexicon';

/** A condition named next ("a sprain", "probably tonsillitis"), after "this is". */
const NAMES_CONDITION = new RegExp(
  `^(?:(?:probably|likely|most likely|definitely) )?(?:a |an )?(?:[a-z]+ ){0,2}(?:${CONDITIONS.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
);

/** The end of an opening question, whose last word would otherwise bind what follows. */
const OPENING_QUESTION_END =
  /\b(?:(?:brings|brought) you in|how can (?:i|we) help(?: you)?|what can (?:i|we) do for you)(?: today)?$/;

/** An opening question that cannot go on, so whatever follows is the reply. */
const OPENING_QUESTION_OVER =
  /\b(?:what can (?:i|we) do for you|how can (?:i|we) help(?: you)?)(?: today)?$/;

/** A part of the body and how it is found: "your tummy is soft", "her right ear looks normal". */
const BODY_PART_FOUND = new RegExp(`^${PART_FOUND_SOURCE}`);

/** A part found normal, said just before: "your lungs are clear", "her abdomen is soft". */
const FINDING_JUST_SAID =
  /\b(?:is|are|was|were|sounds?|looks?) (?:(?:nice and|all|completely|perfectly) )?(?:clear|normal|fine|soft|regular|unremarkable)$/;

/** The clinician saying they will examine now, before the first finding. */
const EXAMINATION_ANNOUNCED =
  /^(?:(?:okay|alright|so|now|right),? )?let me (?:examine you|take a look|have a look|check|feel|look)(?: at (?:it|that|this|your [a-z]+))?$/;

/** "… twice a day | your asthma is not well controlled": how a condition is doing, said next. */
const CONTROL_STATED_NEXT = new RegExp(`^${CONTROL_STATED_SOURCE}`);

/** One-word medicine names, for replies that name only the medicine. */
const MEDICINE_NAMES = new Set(MEDICATIONS.filter((name) => !name.includes(' ')));

const NO_SPLIT_BEFORE_OKAY = new Set([
  'am',
  'is',
  'are',
  'was',
  'be',
  'been',
  'feel',
  'feels',
  'felt',
  'seem',
  'seems',
  'looks',
  'look',
  'doing',
  'is',
  'fine',
  'it',
  'that',
  'everything',
  'was',
]);

/**
 * Splits a turn into sentences. Punctuated text splits on `.?!`; long unpunctuated runs (common
 * in speech-to-text output and in the ACI-BENCH "aci" subset) split where a speaker would pause:
 * before "okay", "alright", "so I/we/you ...", and finally at "and" to keep clauses readable.
 */
export function splitSentences(text: string, unpunctuated = false): string[] {
  const pieces = text
    .split(/(?<=[.?!])\s+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const out: string[] = [];
  for (const piece of pieces) {
    // A punctuated sentence of a few words is whole; speech without punctuation is cut however
    // short the recorded segment ("any chest pain | no").
    for (const part of splitLongRun(piece, unpunctuated ? 0 : 15)) out.push(part);
  }
  return out;
}

/** Words after which a pronoun continues the clause rather than starting a new one. */
const BINDS_NEXT = new Set(
  'and but or so that because if when then as since until while what how which who where think know said guess mean like sure hope feel felt see saw let make help want need than why whether once after before whenever though although unless cause tell told ask asked say says thought believe wish remember forget noticed notice'.split(
    ' ',
  ),
);
const CLAUSE_VERB =
  /^(?:am|are|is|was|were|will|would|have|has|had|do|does|did|want|think|need|can|could|should|also|just|really|got|went|took|put|feel|felt|tried|try|know|mean|started|noticed|love|like|take|use|used|get|go|hurt|slipped|fell|missed|even|still|always|never|usually|already|recently|actually|definitely)$/;

/** Words that open a spoken sentence before its first real word ("okay so are you ..."). */
const SPOKEN_OPENER = /^(?:okay|ok|alright|all|right|so|and|um|uh|well|yeah|now|hi|hello|hey)$/;
/** A subject with its verb in one word: "... my breath | i've had some headaches". */
const CONTRACTED_SUBJECT = /^(?:i'm|i've|i'd|i'll|we're|we've|we'll|she's|he's|they're|they've)$/;
const WH_WORD = /^(?:how|what|when|where|why|which|who)$/;
const AUXILIARY = /^(?:do|does|did|are|is|was|were|have|has|can|could|would|will|should)$/;

/** Whether the words here open a question: "how are you", "do you have", "is there any". */
function opensQuestion(word: string, next: string, after: string): boolean {
  if (WH_WORD.test(word)) {
    return (
      (AUXILIARY.test(next) &&
        /^(?:you|your|there|it|that|this|they|he|she|the|we|i)$/.test(after)) ||
      /^(?:brings|long|often|much|many|else|kind|sort|type|happened)$/.test(next) ||
      // "… not been taking it | what about the atorvastatin": the next thing asked about.
      (/^(?:what|how)$/.test(word) &&
        next === 'about' &&
        /^(?:the|your|his|her|their|any)$/.test(after))
    );
  }
  if (AUXILIARY.test(word)) {
    return (
      /^(?:you|your|there|anyone|anything)$/.test(next) ||
      // A parent asked about their child: "… since last night | is she eating and drinking".
      (/^(?:is|does|did|has|was)$/.test(word) && /^(?:she|he)$/.test(next)) ||
      (/^(?:do|does|did)$/.test(word) && /^(?:that|it|this)$/.test(next)) ||
      // "... mostly at night | is it in all the fingers", "was it sudden".
      (/^(?:is|was)$/.test(word) &&
        next === 'it' &&
        !/^(?:a|the|just|that|because)$/.test(after)) ||
      // "... since i moved house | does the pain go down your legs", "did the ibuprofen help".
      (/^(?:does|did)$/.test(word) && next === 'the' && ASKED_OF.test(after))
    );
  }
  return (word === 'anything' && next === 'else') || (word === 'any' && ASKED_ABOUT.test(next));
}

/** How a result is told: "your a1c came back…", "your urine dip shows…". */
const RESULT_VERB = /^(?:came|is|was|were|are|shows?|showed|looks?|looked)$/;

/** What a "does the …" / "did the …" question asks about: the complaint or its treatment. */
const ASKED_OF =
  /^(?:pain|ache|swelling|rash|cough|headache|headaches|numbness|tingling|bleeding|medicine|medication|medications|tablets?|pills?|ibuprofen|paracetamol|tylenol|inhaler|cream|injection|brace|physio|therapy|treatment|exercises?)$/;

/** Words after which a question cannot begin: they leave the clause open. */
/** "... on a ladder | any fever or chills": a symptom asked about after a finished statement. */
const ASKED_ABOUT =
  /^(?:other|fever|fevers|chest|pain|nausea|vomiting|shortness|chills|cough|trouble|problems?|issues?|changes?|history|allergies|swelling|numbness|tingling|headaches?|new|blood|weight|diarrhea|constipation|dizziness|symptoms?|bleeding|rash|redness|thoughts|side|discharge|family)$/;
/** Words after which "any" continues the clause ("did not have any fever", "without any pain"). */
const NOT_BEFORE_ANY =
  /^(?:have|had|has|having|take|taking|took|get|getting|got|need|see|seen|saw|feel|felt|notice|noticed|use|using|want|do|did|without|for|of|in|with|is|are|was|were|there|not|really|experienced|experiencing|denies|deny|denied|denying|report|reports|reported|reporting|endorses|endorsed|any|and|or|but|hardly|barely|see|find|found|show|shows|showed|without)$/;

function mayEndBefore(prev: string): boolean {
  return (
    prev.length > 0 &&
    !BINDS_NEXT.has(prev) &&
    !AUXILIARY.test(prev) &&
    !WH_WORD.test(prev) &&
    !/^(?:i|you|we|they|he|she|it|not|to|of|for|on|in|at|with|from|by|about|just|really|also|exactly|matter|a|the|my|your|into|onto|through|across|towards|behind|under|around)$/.test(
      prev,
    )
  );
}

/**
 * An open "if/when/because" clause among the last words so far, which continues into its main
 * clause ("if it is not better we will get an x-ray"). Before what the clinician will do,
 * "after", "before", "since" or "until" with no more than a short noun phrase after it, ending a
 * clause of four words or more, is a preposition and opens nothing ("not well controlled after
 * the cold | i will increase…"); fronted, it leads into its clause ("and then since that time
 * i have had problems"). Elsewhere any of them holds the cut back, as a cut that loses a clause
 * costs more than one that is missed.
 */
function opensSubordinateClause(current: readonly string[], upcoming: string): boolean {
  const recent = current.slice(-8);
  let at = -1;
  recent.forEach((word, k) => {
    if (/^(?:if|when|because|although|once|unless|until|after|before|since|whenever),?$/.test(word))
      at = k;
  });
  if (at < 0) return false;
  const word = (recent[at] ?? '').replace(/,$/, '');
  const before = current.length - recent.length + at;
  const rest = recent.slice(at + 1).join(' ');
  const preposition =
    /^(?:i|we) (?:will|'ll|am going to|are going to)\b/.test(upcoming) &&
    /^(?:until|after|before|since)$/.test(word) &&
    before >= 4 &&
    // "… and then since that time | …": fronted in a clause of its own.
    !/^(?:and|then|but|so|or|that|because),?$/.test(current[before - 1] ?? '') &&
    /^(?:the|a|an|this|that|my|your|his|her|their|last|next)(?: [a-z0-9']+){1,2}$/.test(rest);
  return !preposition;
}

/**
 * Whether the words so far leave a verb to come ("we will um start …", "you are going to uh
 * keep taking …", "let us try to …"): what follows goes on from them, a filler between or not.
 */
function verbGoesOn(current: readonly string[]): boolean {
  return (
    /(?:\b(?:will|would|can|could|should|must|may|might|going|to|and|then|or|please|us|me)|'ll|'d)$/.test(
      current.slice(-3).join(' '),
    ) ||
    // "i wan na continue the lisinopril" (tokenised speech), "gonna", "want to", "we'll um".
    /\b(?:will|would|can|could|should|must|going|to|na|wanna|gonna|want|need|let us|let me)\b|'ll\b/.test(
      current.slice(-2).join(' '),
    )
  );
}

/**
 * What a safety net tells the patient to do, after its condition, as far as a cut before the
 * "if" goes (`SAFETY_NET_SENTENCE` in writers/next-steps.ts says which sentences are safety nets).
 */
const SAFETY_NET_ACTION = new RegExp(
  `\\b(?:bring (?:her|him|them) (?:back|in|straight)|come (?:back|in|and see)|call (?:us|me|an ambulance|the surgery|111|999|000|911)|ring (?:us|the surgery)|go (?:straight )?to ${URGENT_CARE_PLACE_SOURCE}|seek)\\b`,
);

function splitLongRun(piece: string, wholeUpTo: number): string[] {
  const words = piece.split(' ');
  if (words.length <= wholeUpTo) return [piece];
  const parts: string[] = [];
  let current: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    const prev = (current[current.length - 1] ?? '').replace(/[,]$/, '');
    const bare = word.replace(/[,]$/, '');
    // An open "if/when/because" clause continues into its main clause ("if it is not better we
    // will get an x-ray"), so no break there.
    const openSubordinate = opensSubordinateClause(current, words.slice(i, i + 4).join(' '));
    const newSubject =
      /^(?:i|we|they|he|she)$/.test(bare) &&
      CLAUSE_VERB.test(next) &&
      (!BINDS_NEXT.has(prev) || OPENING_QUESTION_END.test(current.join(' '))) &&
      !openSubordinate &&
      !/,$/.test(current[current.length - 1] ?? '');
    const okayBoundary =
      (bare === 'okay' || bare === 'alright' || (bare === 'all' && next === 'right')) &&
      (!NO_SPLIT_BEFORE_OKAY.has(prev) ||
        // "… when you need it | okay will do" (not "is it okay"): the patient's reply.
        (/^(?:it|that)$/.test(prev) &&
          /^(?:will|thanks|thank|sounds|perfect|great|bye)$/.test(next) &&
          !/^(?:is|was|does|did|be|will|would)$/.test(current[current.length - 2] ?? '')));
    const soBoundary =
      bare === 'so' &&
      /^(?:i|we|you|your|it|that|the|he|she|they|let|for|on|in|looking|what|if|this|there|today|how|when|overall|my|any|do|did|are|have|is|based)$/.test(
        next,
      ) &&
      !/^(?:and|not|is|was|be|feel|felt|me|it)$/.test(prev);
    const nowBoundary = bare === 'now' && /^(?:i|we|you|your|let|for|the|in|looking)$/.test(next);
    // Examination narration: "looking at your neck ... listening to your heart ...".
    const examBoundary =
      (bare === 'on' &&
        /^(?:exam|examination|physical exam)\b/.test(`${next} ${words[i + 2] ?? ''}`)) ||
      (bare === 'looking' && next === 'at') ||
      (bare === 'listening' && next === 'to') ||
      (bare === 'when' &&
        /^(?:i|you)$/.test(next) &&
        /^(?:press|push|move|touch|bend)/.test(words[i + 2] ?? '')) ||
      (bare === 'i' &&
        /^(?:do|appreciate|see|notice|feel|hear)$/.test(next) &&
        /^(?:not|appreciate|see|notice|hear|feel|any|some|a)$/.test(words[i + 2] ?? ''));
    // The clinician turning to the plan: "... a viral infection | the plan is rest and fluids".
    const planBoundary =
      /^(?:the|my|our)$/.test(bare) &&
      /^(?:plan|assessment|impression|diagnosis)$/.test(next) &&
      /^(?:is|for|would|will|then|today|now)$/.test(words[i + 2] ?? '') &&
      mayEndBefore(prev);
    // ... or to a problem: "... it helps a bit | for your low back pain i think you have a strain".
    const problemBoundary =
      bare === 'for' &&
      next === 'your' &&
      // The problem named in a few words, then what the clinician makes of it.
      /^(?:(?!and |but |or |to )[a-z0-9'-]+ ){1,4}(?:i think|i believe|i want|i would|we will|we are going|i am going|let us)\b/.test(
        words.slice(i + 2, i + 9).join(' '),
      ) &&
      mayEndBefore(prev);
    // A finding told to the patient, however short what came before: "no fever | your throat is red".
    // "no | her right eardrum is red": the side may come first.
    const sided = /^(?:left|right)$/.test(next) ? (words[i + 2] ?? '') : next;
    const findingBoundary =
      // "did you hear a crack no | there is swelling over …": a finding said as it is found.
      (bare === 'there' &&
        next === 'is' &&
        /^(?:some |mild |marked |a little |a bit of )?(?:swelling|tenderness|redness|bruising|erythema|effusion|an effusion|crepitus|a rash)\b/.test(
          words.slice(i + 2, i + 6).join(' '),
        ) &&
        // After a bare reply, or the clinician saying they will examine ("let me examine you |
        // there is tenderness …"); "on exam of the left knee there is mild swelling" goes on.
        ((current.length <= 2 && mayEndBefore(prev)) ||
          EXAMINATION_ANNOUNCED.test(current.join(' ')) ||
          // "your lungs are clear | there is mild swelling of both ankles".
          FINDING_JUST_SAID.test(current.slice(-6).join(' ')))) ||
      (/^(?:your|her|his)$/.test(bare) &&
        (/^(?:lungs|heart|abdomen|lower|upper|neck|skin|reflexes|strength|pulses?|throat|tonsils|ears?|eardrums?|temperature|blood|oxygen|vitals|vital|weight|peak)$/.test(
          sided,
        ) ||
          // "any chest pain no | your chest has a few wheezes" (not "your chest pain").
          (sided === 'chest' &&
            /^(?:is|has|sounds?|was|looks?)$/.test(words[i + (sided === next ? 2 : 3)] ?? '')) ||
          // "… coeliac disease | your tummy is soft and not tender".
          BODY_PART_FOUND.test(words.slice(i + 1, i + 6).join(' ')) ||
          // A result told: "no | your a1c came back at 8.9" (not "recheck your a1c").
          (/^(?:a1c|hba1c|hemoglobin|cholesterol|labs?|x-?ray|scan|mri|ecg|ekg|urine|blood|swab)$/.test(
            next,
          ) &&
            (RESULT_VERB.test(words[i + 2] ?? '') ||
              // "your ecg today is normal".
              (/^(?:today|here|now|again)$/.test(words[i + 2] ?? '') &&
                RESULT_VERB.test(words[i + 3] ?? '')) ||
              // "your urine dip shows …", "your blood test came back …".
              (/^(?:dip|dipstick|test|tests|sample|work|count|culture|results?)$/.test(
                words[i + 2] ?? '',
              ) &&
                RESULT_VERB.test(words[i + 3] ?? ''))))) &&
        !BINDS_NEXT.has(prev) &&
        // "… a cough for 5 days and last night | his temperature was 38.4": the time opens the
        // clause that follows it, which a cut there would leave behind.
        !/\band (?:last night|this morning|yesterday|overnight|earlier|today)$/.test(
          current.slice(-3).join(' '),
        ) &&
        !/^(?:to|at|on|in|of|check|examine|listen|and|feel|hear|see|about|with|for|from|by|is|was|are|control|controlling|lower|lowering|monitor|monitoring|keep|watch|take|taking|took|checked|measure|measured)$/.test(
          prev,
        ));
    // "… your best is 450 | your asthma is not well controlled": the assessment of a review.
    const controlBoundary =
      /^(?:your|her|his)$/.test(bare) &&
      CONTROL_STATED_NEXT.test(words.slice(i, i + 10).join(' ')) &&
      mayEndBefore(prev);
    // The clinician turning to the examination, the diagnosis or when to come back, after a
    // finished clause: "no cough | let me take a look", "38.2 today | this looks like influenza",
    // "ten days | come back if it is not better".
    const instructionBoundary =
      ((bare === 'this' && /^(?:looks|sounds)$/.test(next) && words[i + 2] === 'like') ||
        // "… strength is normal | it looks like a muscular strain": the condition named next
        // ("it looks like your x-ray …" reads a result, and names none within a few words).
        (bare === 'it' &&
          /^(?:looks|sounds)$/.test(next) &&
          words[i + 2] === 'like' &&
          NAMES_CONDITION.test(words.slice(i + 3, i + 8).join(' '))) ||
        // "… no bony tenderness | this is a sprain": the diagnosis, said plainly.
        (bare === 'this' &&
          next === 'is' &&
          NAMES_CONDITION.test(words.slice(i + 2, i + 7).join(' '))) ||
        (bare === 'let' &&
          next === 'me' &&
          /^(?:take|have|look|listen|examine|check|feel)$/.test(words[i + 2] ?? '')) ||
        // "… your blood pressure is high | let us recheck it in two weeks": what comes next.
        (bare === 'let' &&
          next === 'us' &&
          /^(?:recheck|check|repeat|get|see|try|start|book|arrange|follow|bring|keep|increase|reduce|stop|switch|change|send|refer|order|review)$/.test(
            words[i + 2] ?? '',
          )) ||
        // "… a certificate for three days | let us go through your medicines".
        (bare === 'let' &&
          next === 'us' &&
          words[i + 2] === 'go' &&
          /^(?:through|over)$/.test(words[i + 3] ?? '')) ||
        // "… from the caffeine | cut down on coffee": advice after the diagnosis.
        (bare === 'cut' && /^(?:down|back)$/.test(next)) ||
        // "… tension headaches | try to cut down on screen time | keep taking paracetamol".
        (bare === 'try' &&
          next === 'to' &&
          !verbGoesOn(current) &&
          /^(?:cut|avoid|reduce|drink|rest|keep|get|take|stop|limit|use|sleep|eat|exercise|walk|lose|stay)$/.test(
            words[i + 2] ?? '',
          )) ||
        (bare === 'keep' && /^(?:taking|using)$/.test(next) && !verbGoesOn(current)) ||
        // "… a muscular strain | use ice and take paracetamol": care told after the diagnosis.
        (bare === 'use' &&
          !verbGoesOn(current) &&
          /^(?:ice|heat|an? (?:ice|heat|brace|sling|splint|spacer))\b/.test(
            words.slice(i + 1, i + 3).join(' '),
          )) ||
        (bare === 'drink' && next === 'plenty') ||
        // "… a viral infection | rest drink plenty of fluids": rest told, then what else ("rest
        // and drink plenty of fluids", "rest and fluids").
        (bare === 'rest' &&
          /^(?:and )?(?:drink plenty|fluids)\b/.test(words.slice(i + 1, i + 4).join(' '))) ||
        // "your throat looks red | it is probably a viral infection": the finding, then what the
        // clinician makes of it.
        (bare === 'it' &&
          next === 'is' &&
          /^(?:(?:most|very) )?(?:probably|likely)\b/.test(words.slice(i + 2, i + 4).join(' ')) &&
          NAMES_CONDITION.test(words.slice(i + 2, i + 9).join(' '))) ||
        // "… a viral infection | give him paracetamol for the fever": care told to a parent.
        (bare === 'give' &&
          /^(?:her|him|them)$/.test(next) &&
          !verbGoesOn(current) &&
          (MEDICINE_NAMES.has(words[i + 2] ?? '') ||
            (/^(?:some|regular|the)$/.test(words[i + 2] ?? '') &&
              MEDICINE_NAMES.has(words[i + 3] ?? '')))) ||
        // "… this is a muscular strain | take paracetamol and keep moving".
        (bare === 'take' &&
          (MEDICINE_NAMES.has(next) ||
            (/^(?:some|regular)$/.test(next) && MEDICINE_NAMES.has(words[i + 2] ?? '')))) ||
        // "… for the fever | keep her drinking plenty of fluids": care told to a parent.
        (bare === 'keep' && /^(?:her|him|them|your)$/.test(next)) ||
        // "… a viral infection | you can give her paracetamol": what the listener may do.
        (bare === 'you' &&
          /^(?:can|should|could|may|might|must)$/.test(next) &&
          /^(?:give|keep|take|try|use|put|apply|bring|start|stop|rest|carry|continue|have|go|get|book|call|ring|make|let|buy)$/.test(
            words[i + 2] ?? '',
          ) &&
          // "… some motrin 800 mg you can take it every 6 hours": "it" is what came before.
          !/^(?:it|them|that|this|those|these|one)$/.test(words[i + 3] ?? '') &&
          !/^(?:thank|see|tell|told|let|help|ask|asked|give|gave|want|wanted|get|got|make|made|show|call|remind|meet|hear|heard|if|when|because|unless|that|so|than|where|how|what|which|whether)$/.test(
            prev,
          )) ||
        (bare === 'come' &&
          next === 'back' &&
          /^(?:if|in|to|and|when|after|sooner|next|for)$/.test(words[i + 2] ?? ''))) &&
      mayEndBefore(prev) &&
      // "if you have a lot of pain come back in": the open clause goes on, however long its
      // condition ("if you need it more than 4 times a day come back and see me").
      !openSubordinate &&
      !(/^(?:if|when|whenever|unless)$/.test(current[0] ?? '') && current.length <= 16);
    // A medicine to take, restart or stop, after a finished clause: "… you have been off the
    // amlodipine | restart amlodipine 5 mg once a day". A clause opened by "because" or "since"
    // after its main one ("that is high because …") is finished too; one opened by "if" or
    // "when" goes on into its instruction ("if it hurts take ibuprofen").
    const recentWords = current.slice(-8).join(' ');
    const medicineInstruction =
      /^(?:take|start|restart|resume|continue|stop)$/.test(bare) &&
      (MEDICINE_NAMES.has(next) ||
        (/^(?:some|regular|the|your|taking)$/.test(next) &&
          MEDICINE_NAMES.has(words[i + 2] ?? '')) ||
        // "… not well controlled | restart the brown inhaler": an inhaler by its colour or use.
        /^(?:the|your) (?:(?:brown|blue|purple|red|green|orange|pink|white|preventer|reliever|steroid) )?(?:inhaler|puffer)\b/.test(
          words.slice(i + 1, i + 4).join(' '),
        )) &&
      mayEndBefore(prev) &&
      // "we will um start chemotherapy", "go ahead and continue continue your lisinopril": the
      // verb goes on from what came before (a filler can stand between).
      // "continue continue your lisinopril": a stutter, not a new sentence.
      bare !== prev &&
      !verbGoesOn(current) &&
      (!openSubordinate ||
        (!/\b(?:if|when|whenever|unless|until|once|after|before|although)\b/.test(recentWords) &&
          !/^(?:because|since)$/.test(current[0] ?? '')));
    // "… plenty of fluids | if she stops drinking or gets a rash bring her back": a safety net,
    // whose action follows its condition; after another "if" clause too ("to use if you get the
    // pain | if the pain comes on at rest … call 999").
    // "… paracetamol up to 4 times a day | and if you get a sudden severe headache go to A and E":
    // the cut comes before the "and" that joins the safety net on.
    const andIf = bare === 'and' && next === 'if';
    const safetyNet =
      (bare === 'if' || andIf) &&
      // "… call me | if he is gaining weight" is the action first, then its condition.
      !/\b(?:call|ring|phone|contact|message|tell|let) (?:me|us)\b|\b(?:come|bring (?:her|him|them)) (?:back|in)\b/.test(
        current.slice(-12).join(' '),
      ) &&
      SAFETY_NET_ACTION.test(words.slice(andIf ? i + 2 : i + 1, i + 17).join(' ')) &&
      // "… use the blue one when you need it | if you need it more than 4 times a day come back".
      (mayEndBefore(prev) || prev === 'it');
    const andBoundary =
      current.length >= 18 &&
      (bare === 'and' || bare === 'but') &&
      /^(?:i|we|you|your|it|then|the|he|she|they|my|that|there|also)$/.test(next);
    // An answer after a question with no question mark: "any chest pain | no i have not".
    const answerBoundary =
      /^(?:no|yes|yeah|yep|nope|nah)$/.test(bare) &&
      /^(?:i|it|not|no|none|nothing|we|that|she|he|they|sometimes|just|only|maybe|never|ma'am|sir)$/.test(
        next,
      ) &&
      !/^(?:have|had|is|was|there|with|of|for|and|or|say|said|says)$/.test(prev);
    const contractedSubject =
      CONTRACTED_SUBJECT.test(bare) && !BINDS_NEXT.has(prev) && !openSubordinate;
    // A question opening with no question mark: "... heavy periods | do you have ...".
    const questionBoundary =
      opensQuestion(bare, next, words[i + 2] ?? '') &&
      // "how much coffee | do you drink": the question goes on.
      // "how often | are you using the blue inhaler", "how long | have you had this pain" too.
      !/^(?:how (?:much|many|often|long)|what|which)(?: [a-z]+){0,2}$/.test(current.join(' ')) &&
      (bare !== 'any' || !NOT_BEFORE_ANY.test(prev)) &&
      (mayEndBefore(prev) ||
        (prev === 'that' && AUXILIARY.test(bare) && next === 'you') ||
        // "… i have not been taking it | what about the atorvastatin".
        (/^(?:it|them)$/.test(prev) && next === 'about') ||
        // "no none of that | any swelling in your ankles".
        (bare === 'any' && /\b(?:of|like) that$/.test(current.join(' '))));
    // The answer to a question just asked: "... oxygen at night | no", "... alcohol | yeah but".
    const asked = current
      .map((w) => w.replace(/[,]$/, ''))
      .filter(
        (w, k, all) =>
          !(k < 3 && SPOKEN_OPENER.test(w) && !all.slice(0, k).some((x) => !SPOKEN_OPENER.test(x))),
      );
    const askedBefore = opensQuestion(asked[0] ?? '', asked[1] ?? '', asked[2] ?? '');
    // The reply to "how often" or "how long", said as a number of times or a stretch of time:
    // "how often are you using the blue inhaler | about 4 times a day now".
    const howOftenReply =
      /^how (?:often|long)$/.test(asked.slice(0, 2).join(' ')) &&
      asked.length >= 4 &&
      mayEndBefore(prev) &&
      HOW_OFTEN_OR_LONG_REPLY.test(words.slice(i, i + 7).join(' '));
    // A question asked by naming the other one: "… 4 times a day now | and the brown one | i ran
    // out of it".
    const otherOneAsked =
      (bare === 'and' &&
        mayEndBefore(prev) &&
        /^(?:the|your) [a-z]+ ones? (?:i|we|my|she|he|it|not|no|yes)$/.test(
          words.slice(i + 1, i + 5).join(' '),
        )) ||
      (/^and (?:the|your) [a-z]+ ones?$/.test(current.join(' ')) &&
        /^(?:i|we|my|she|he|it|not|no|yes)$/.test(bare));
    // The patient answering in the first person: "what brings you in today | my left knee ...".
    const firstPersonReply =
      /^(?:my|i)$/.test(bare) &&
      // "what brings you in | my heart has been racing": "in" ends that question.
      (mayEndBefore(prev) || OPENING_QUESTION_END.test(current.join(' ')));
    // "... some pain in your wrist | right my right wrist has been bothering me": a reply that
    // agrees with what the clinician said of the patient, then goes on in the first person.
    const agreeingReply =
      /^(?:right|correct|yes|yeah|yep|exactly)$/.test(bare) &&
      /^(?:my|i|i'm|i've)$/.test(next) &&
      current.some((w) => /^(?:you|your|you're|you've)$/.test(w)) &&
      mayEndBefore(prev);
    // "... or is it something that started slowly or | it just kind of started on its own": the
    // question trails off on "or" and the reply begins.
    const afterTrailingOr =
      prev === 'or' && /^(?:it|i)$/.test(bare) && CLAUSE_VERB.test(next) && current.length >= 6;
    // "... back in two weeks | sounds good | thank you".
    const closingCourtesy =
      ((bare === 'sounds' && /^(?:good|great|like)$/.test(next)) ||
        (bare === 'thank' && /^(?:you|u)$/.test(next))) &&
      !/^(?:it|that|this|which|and|to|i|we|just|so)$/.test(prev);
    const replyBoundary =
      askedBefore &&
      // "any chest pain | not really", "short of breath | only when i climb the stairs".
      (/^(?:no|yes|yeah|yep|nope|nah)$/.test(bare) ||
        // "how much coffee do you drink | about five cups a day".
        (/^(?:about|around|roughly|approximately|maybe|probably|\d+)$/.test(bare) &&
          /^how (?:much|many|often)\b.*\byou [a-z]+$/.test(asked.join(' '))) ||
        (bare === 'not' && /^(?:really|at|much|that|great|good|well)$/.test(next)) ||
        (/^(?:only|just|mostly|mainly|sometimes|usually|occasionally)$/.test(bare) &&
          /^(?:when|if|after|at|in|on|with|into|down|to)$/.test(next)) ||
        // "any nausea or vomiting | some nausea", "| a little": unless it is what is asked for.
        (((bare === 'some' && next !== 'of') || (bare === 'a' && /^(?:little|bit)$/.test(next))) &&
          (!/^(?:take|taking|took|get|getting|got|feel|feeling|felt|need|want|use|using|try|tried|notice|noticed|see|seen|having|eat|drink|give|prescribe|tell|about|in|on|at|to|me|you|us|him|her|them|it|running|been|be|is|are|was|were|look|looks|seem|seems|feels|hurts|hurt|bothers)$/.test(
            prev,
          ) ||
            // "any shortness of breath with it | a little bit".
            (prev === 'it' && current[current.length - 2] === 'with')))) &&
      !/^(?:have|had|is|was|there|with|of|for|and|but|or|say|said|says|the|any|a|do|does|did|are|were)$/.test(
        prev,
      ) &&
      // "give it some time" goes on; "can you walk on it | yes", "… with it | a little bit" are
      // answered.
      !(
        prev === 'it' &&
        !/^(?:no|yes|yeah|yep|nope|nah)$/.test(bare) &&
        current[current.length - 2] !== 'with'
      );
    // "are you taking anything for the headaches | paracetamol but it does not help": a medicine
    // named in reply to what the patient takes or has tried.
    const medicineAnswer =
      MEDICINE_NAMES.has(bare) &&
      /\b(?:taking|take|takes|took|tried|try|using|use|used) anything\b/.test(
        current.slice(-8).join(' '),
      ) &&
      mayEndBefore(prev) &&
      !/^(?:like|some|any|and|or|but|than|as)$/.test(prev);
    // A new subject after a finished clause: "... the stairs | i was doing my laundry".
    const boundary =
      (current.length >= 4 &&
        (newSubject ||
          contractedSubject ||
          okayBoundary ||
          soBoundary ||
          nowBoundary ||
          examBoundary ||
          planBoundary ||
          problemBoundary ||
          andBoundary)) ||
      // "any chest pain | no chest pain | we will increase the lisinopril": a short denial, then
      // what the clinician will do ("no joint pain i mean muscle aches" is one correction, and
      // "yeah last night i was …" goes on: the time is the next clause's).
      (current.length >= 2 &&
        current[0] === 'no' &&
        newSubject &&
        /^(?:we|i) (?:will|are going|am going)\b/.test(words.slice(i, i + 3).join(' '))) ||
      // "how have your sugars been | not great | they have been running about twelve".
      (current.length === 2 &&
        /^not (?:great|good|bad|well|really)$/.test(current.join(' ')) &&
        /^(?:they|it|i|we|my)$/.test(bare)) ||
      // "... chest pain | no | how long has ...": a bare answer, then the next question or finding.
      (current.length === 1 &&
        /^(?:no|yes|yeah|nope)$/.test(prev) &&
        (questionBoundary || findingBoundary)) ||
      // "what can i do for you | it burns when i pee": the opening question is over, whatever
      // the reply begins with.
      (current.length >= 4 && bare !== 'today' && OPENING_QUESTION_OVER.test(current.join(' '))) ||
      (current.length >= 2 &&
        (answerBoundary ||
          instructionBoundary ||
          controlBoundary ||
          medicineInstruction ||
          safetyNet ||
          findingBoundary ||
          questionBoundary ||
          replyBoundary ||
          howOftenReply ||
          otherOneAsked ||
          medicineAnswer ||
          closingCourtesy ||
          agreeingReply ||
          (askedBefore &&
            (newSubject || contractedSubject || firstPersonReply || afterTrailingOr))));
    // "... chilling sensations | and what are you taking": the joining word opens the question.
    const joinedQuestion =
      current.length >= 5 &&
      /^(?:and|so|but|okay|alright)$/.test(prev) &&
      opensQuestion(bare, next, words[i + 2] ?? '');
    if (joinedQuestion) {
      const opener = current.pop() ?? '';
      parts.push(current.join(' '));
      current = [opener];
    } else if (boundary) {
      parts.push(current.join(' '));
      current = [];
    }
    current.push(word);
    if (current.length >= 45) {
      parts.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) parts.push(current.join(' '));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
