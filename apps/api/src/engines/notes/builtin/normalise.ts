/**
 * Spoken, tokenised transcript text → clean lowercase clauses the rest of the engine can read.
 *
 * Transcripts arrive from speech-to-text engines (cased, punctuated or not) and from ACI-BENCH
 * style corpora (lowercase, tokenised: "do n't", "gon na"). Everything downstream works on one
 * form: lowercase, contractions expanded ("do not"), fillers and false starts removed, number
 * words as digits where they carry a unit ("five weeks" → "5 weeks"). Casing is put back when the
 * note is written (see `style.ts`).
 */

import { DIGIT_WORDS, ONES, TENS, readNumber, spacedDecimalsAsPoint } from '@clerkly/contracts';

const TOKENISED_CONTRACTIONS: [RegExp, string][] = [
  [/\b(\w+) n't\b/g, "$1n't"],
  [/\bgon na\b/g, 'going to'],
  [/\bwan na\b/g, 'want to'],
  [/\bgot ta\b/g, 'got to'],
  [/\bgotta\b/g, 'got to'],
  [/\bgonna\b/g, 'going to'],
  [/\bwanna\b/g, 'want to'],
  [/\bkinda\b/g, 'kind of'],
  [/\bsorta\b/g, 'sort of'],
  [/\b(\w+) '(s|re|ve|ll|d|m)\b/g, "$1'$2"],
  [/\s'cause\b/g, ' because'],
  [/\b'em\b/g, 'them'],
];

const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\bshan't\b/g, 'shall not'],
  [/\bain't\b/g, 'is not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\bi'm\b/g, 'i am'],
  [/\blet's\b/g, 'let us'],
  [
    /\b(it|that|there|what|here|he|she|who|where|everything|something|nothing|this)'s (been|had|got|gotten)\b/g,
    '$1 has $2',
  ],
  [/\b(it|that|there|what|here|he|she|who|where|everything|something|nothing|this)'s\b/g, '$1 is'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(i|you|we|they|would|could|should|might|must)'ve\b/g, '$1 have'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  [/\b(i|you|we|they|he|she|it|that)'d\b/g, '$1 would'],
];

/** Sounds and discourse words that carry nothing in a written note. */
const FILLER_PATTERNS: RegExp[] = [
  /\b(?:u+m+|u+h+m*|e+r+m+|a+h+|o+h+|h+m+|m+-?h+m+|m+h+m+|uh-huh|huh|mm+|gosh|wow|oof|geez|jeez|whoa|yikes|shoot)\b/g,
  /(?<!\b(?:do|did|if|as|would|could|does|will|let me|to) )\byou know\b/g,
  /\bi mean\b/g,
  /\b(?:kind|sort) of\b/g,
  /\b(?:basically|literally|honestly|obviously|actually|certainly|definitely|totally)\b/g,
  /\byou see\b/g,
  /\bi guess\b/g,
  /\bor so\b/g,
  /\bor anything like that\b/g,
  /\bor something like that\b/g,
  /\bor something\b/g,
  /\band stuff(?: like that)?\b/g,
  /\bthings like that\b/g,
  /\bif you will\b/g,
  // "like" as a filler: at a clause edge, or right before a number or a hedge.
  /(?:^|(?<=[,.?!]\s?))\s*like\b/g,
  /(?<!\b(?:feel|feels|felt|look|looks|looked|seem|seems|seemed|sound|sounds|would|i|you|we|they|something|anything|things|just|more|less|not|did|do|does|is|was|are|be)\s)\blike(?=\s*,|\s+(?:a|an|about|maybe|around|approximately|almost|\d+|one|two|three|four|five|six|seven|eight|nine|ten|really|just|super|very|so|real)\b)/g,
  /(?<=\b(?:no|any|some|a) )like\s/g,
];

/** Clause-initial discourse markers ("okay so", "well", "alright"). */
// "right" is a marker only before a pause or another marker: "right eardrum is red" keeps its side.
const LEADING_MARKERS =
  /^(?:(?:okay|ok|alright|all right|so|well|now|and|but|yeah|yep|right(?=\s*,|\s+(?:so|okay|ok|and|now|well|then|i|we|you|let|um|uh|yeah|alright)\b|\s*$)|great|good|perfect|sure|cool|anyway|anyhow|then|also|plus|oh|hey|um|uh|just)\b[\s,]*)+/;

const NUM_ALT = [...Object.keys(ONES), ...Object.keys(TENS), 'hundred', 'thousand'].join('|');
/** A run of number words, with its spoken decimals ("ninety eight point seven"). */
const NUMBER_WORD = new RegExp(
  `\\b(?:a\\s+)?(?:${NUM_ALT})(?:[\\s-]+(?:and\\s+)?(?:${NUM_ALT}))*(?:\\s+point(?:\\s+(?:${DIGIT_WORDS}))+)?\\b`,
  'g',
);

/** Units after which a spoken number is a measurement worth writing as digits. */
const UNIT_AFTER =
  /^\s*(?:-?\s*(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|times?|mg|milligrams?|mcg|micrograms?|grams?|units?|ml|milliliters?|pounds?|lbs?|kilos?|kilograms?|kg|percent|%|cm|centimeters?|millimeters?|mm|inches?|feet|foot|degrees?|beats?|breaths?|out of|over|to \d|x\b|doses?|tablets?|pills?|puffs?|drinks?|packs?|cigarettes?|beers?|glasses?|cups?|miles?|blocks?|flights?|stairs|steps|sessions?|visits?|refills?|injections?|shots?|episodes?|nights?|year-old|year old|centimeter|millimeter|point|\/))/;

/**
 * The whole run of words as one number, or null. The shared reader knows the spoken readings
 * ("one twenty" is 120, "twenty eighteen" 2018) that adding the words up would get wrong.
 */
function parseNumberWords(words: string[]): number | null {
  const lower = words.map((w) => w.toLowerCase()).filter((w) => w.length > 0);
  const read = readNumber(lower, 0);
  return read && read.next === lower.length ? read.value : null;
}

/** "five weeks" → "5 weeks", "three out of six" → "3 out of 6"; a bare "one" stays a word. */
function numberWordsToDigits(text: string): string {
  return text.replace(NUMBER_WORD, (match: string, offset: number, whole: string) => {
    let article = '';
    let body = match;
    const lead = /^a\s+/.exec(match);
    if (lead && !/^a\s+(?:hundred|thousand)\b/.test(match)) {
      article = 'a ';
      body = match.slice(lead[0].length);
    }
    const value = parseNumberWords(body.split(/[\s-]+/));
    if (value === null) return match;
    const after = whole.slice(offset + match.length);
    const before = whole.slice(Math.max(0, offset - 12), offset);
    // A spoken decimal ("eight point nine") is a measurement whatever follows it: the offline
    // recogniser writes an A1c of 8.9 as words.
    const measured =
      /\spoint\s/.test(body) ||
      UNIT_AFTER.test(after) ||
      /(?:\d|\/|out of|over)\s*$/.test(before) ||
      (value >= 20 && !/^\s*(?:of|or)\b/.test(after));
    return measured ? article + String(value) : match;
  });
}

/** Units and notation as clinicians write them. */
function normaliseUnits(text: string): string {
  return (
    text
      // Recognisers write the words they hear: "x ray", "e k g".
      .replace(/\bx rays?\b/g, (m) => m.replace(' ', '-'))
      .replace(/\b(?:e k g|e c g)\b/g, (m) => m.replace(/ /g, ''))
      .replace(/(\d)\s*milligrams?\b/g, '$1 mg')
      .replace(/(\d)\s*micrograms?\b/g, '$1 mcg')
      .replace(/(\d)\s*kilograms?\b/g, '$1 kg')
      .replace(/(\d)\s*centimeters?\b/g, '$1 cm')
      .replace(/(\d)\s*millimeters?\b/g, '$1 mm')
      .replace(/(\d)\s*(?:percent|per cent)\b/g, '$1%')
      .replace(/(\d) %/g, '$1%')
      .replace(/\b(\d+)\s+out of\s+(\d+)\b/g, '$1/$2')
      .replace(/\b(\d{2,3})\s+over\s+(\d{2,3})\b/g, '$1/$2')
      .replace(/\b(\d+) (\d)\b(?= ?(?:degrees|°|fahrenheit|celsius))/g, '$1.$2')
      .replace(/\b(\d+) point (\d+)\b/g, '$1.$2')
      .replace(/\b(\d+)\s*-\s*(year|month|week|day)s?\s*-?\s*old\b/g, '$1-$2-old')
      // "58 year old male" is an adjective; "since she was 13 years old" is not.
      .replace(
        /\b(\d+)\s+(year|month|week|day)s?\s+old\b(?=,?\s+(?:male|female|man|woman|gentleman|lady|boy|girl|patient|child|kid|baby|infant|white|black|african|caucasian|hispanic|asian|with|who|here|presenting|that|right-handed|left-handed))/g,
        '$1-$2-old',
      )
  );
}

/** ACI-BENCH tokenisation and spoken contractions → full written words. */
export function detokenise(text: string): string {
  let out = text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  for (const [pattern, replacement] of TOKENISED_CONTRACTIONS) {
    out = out.replace(pattern, replacement);
  }
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  return spacedDecimalsAsPoint(out);
}

/** Fillers, false starts ("ex- exerting") and stutters ("i , i , i") out. */
function removeDisfluencies(text: string): string {
  let out = text;
  // Hyphenated stutters ("i-i", "and-and") and words cut off with a hyphen are false starts.
  out = out.replace(/\b([a-z]+)(?:-\1)+\b/g, '$1');
  out = out.replace(/(^|\s)[a-z]+-(?=\s|[,.?!]|$)/g, '$1');
  out = out.replace(/\s-\s/g, ' ');
  out = out.replace(/\.\.\.|…/g, ',');
  for (const pattern of FILLER_PATTERNS) out = out.replace(pattern, ' ');
  out = tidyPunctuation(out);
  // Stutters and restarts: "i , i , i feel" → "i feel"; "the the" → "the".
  for (let pass = 0; pass < 3; pass += 1) {
    const before = out;
    out = out.replace(/\b((?:[a-z0-9'/.]+\s+){0,3}[a-z0-9'/.]+)(?:\s*,?\s+\1\b)+/g, '$1');
    if (out === before) break;
  }
  return tidyPunctuation(out);
}

export function tidyPunctuation(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // A pause after a function word ("for, um, about") leaves a comma that writing would not.
      .replace(
        /\b(for|of|to|in|on|at|with|about|from|the|a|an|my|your|his|her|their|is|was|are|were|i|we|you)\s*,\s+(?=[a-z0-9])/g,
        '$1 ',
      )
      .replace(/\s+([,.?!;:%])/g, '$1')
      .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
      .replace(/^[\s,.;:]+/, '')
      .replace(/,\s*([.?!])/g, '$1')
      .replace(/([.?!])(?:\s*[.,])+/g, '$1')
      .replace(/\s*,\s*$/, '')
      .trim()
  );
}

/** Leading "okay so", "well", "and" off a clause (they open spoken, not written, sentences). */
export function stripLeadingMarkers(text: string): string {
  let out = text.trim();
  for (let pass = 0; pass < 3; pass += 1) {
    const next = out.replace(LEADING_MARKERS, '').replace(/^[,\s]+/, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * A side said and taken back: "my left shoulder, sorry, i mean my right shoulder", "the left, or
 * rather the right knee". Only the correction stands, so no sentence is written from the side
 * that was withdrawn (the safety check holds a note to the same reading). Only words that say
 * the speaker is correcting themselves count: a bare "no" can be a reply ("does your left knee
 * hurt no my right one does"), which is left for the reader.
 */
const SIDE_TAKEN_BACK =
  /\b(?:left|right)((?:\s+[a-z]+){0,2}?)\s*,?\s+(?:(?:no\s*,?\s+)?(?:sorry|oops|wait)|i mean|i meant|or rather)(?:\s*,?\s+(?:i mean|i meant|no|sorry))*\s*,?\s+(?:(?:my|the|your|his|her|their|it is|it's|on the)\s+)?(left|right)\b/gi;

export function keepCorrectedSide(text: string): string {
  return text.replace(SIDE_TAKEN_BACK, (whole: string, _part: string, side: string) =>
    whole.toLowerCase().startsWith(side.toLowerCase()) ? whole : side,
  );
}

/** Lowercase, detokenised, disfluency-free text with numbers and units as a clinician writes. */
export function normaliseText(raw: string): string {
  // Titles keep their full stop out of the sentence splitter's way ("ms. cooper").
  let out = raw.toLowerCase().replace(/\b(mr|mrs|ms|dr|st|vs)\.(?=\s)/g, '$1');
  out = detokenise(out);
  out = out.replace(/\s+([,.?!;:%])/g, '$1');
  // Before the fillers go: "i mean" is one, and here it says what was corrected.
  out = keepCorrectedSide(out);
  out = removeDisfluencies(out);
  out = numberWordsToDigits(out);
  out = normaliseUnits(out);
  return tidyPunctuation(out);
}

export function wordCount(text: string): number {
  const m = text.match(/[a-z0-9]+/gi);
  return m ? m.length : 0;
}
