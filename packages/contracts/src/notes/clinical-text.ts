/**
 * Small text tools shared by the evidence aligner and the safety check, in the browser and in the
 * API alike: transcript segments with character offsets, note sentences, word tokens with number
 * words as digits, and a light stem so "fevers" meets "fever".
 */

/** A stretch of the transcript: `start`/`end` are offsets into the transcript text (end exclusive). */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** Index of the speaker turn (line) the segment belongs to. */
  turn: number;
}

/** A speaker tag at the start of a line: `[doctor]`, `Patient:`, `Speaker 1:`. */
export const SPEAKER_TAG =
  /^\s*(?:\[[^\]]{1,30}\]\s*:?|(?:doctor|dr\.?|patient|pt|clinician|nurse|speaker[\s_-]?\d{1,2}|patient_guest|guest)\s*:)\s*/i;

/** Words a clause must not be cut beside: numbers, units, "over", frequencies. */
const BOUND_WORD =
  /^(?:\d[\d.,/:]*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|point|over|out|of|a|per|times|once|twice|day|daily|week|mg|milligrams?|mcg|micrograms?|grams?|ml|units?|percent|%|tablets?|puffs?)$/i;

/** Above this many words, an unpunctuated stretch (speech-to-text output) is cut into clauses. */
const LONGEST_SEGMENT_WORDS = 30;
const CLAUSE_WORDS = 15;

/**
 * Speech-to-text often gives no full stops, so one "sentence" can be a whole consultation. Such a
 * stretch is cut into clauses of about 15 words, at a word boundary, so evidence points at the
 * words that matter rather than at everything.
 */
function clauses(text: string): { offset: number; text: string }[] {
  const words = [...text.matchAll(/\S+/g)];
  if (words.length <= LONGEST_SEGMENT_WORDS) return [{ offset: 0, text }];
  const out: { offset: number; text: string }[] = [];
  const bound = (k: number) => BOUND_WORD.test(words[k]?.[0] ?? '');
  let i = 0;
  while (i < words.length) {
    const rest = words.length - i;
    // The last clause takes a short tail rather than leaving a few words alone.
    let take = rest < CLAUSE_WORDS * 1.5 ? rest : CLAUSE_WORDS;
    // Never cut inside a quantity ("twenty | five milligrams", "three times | a day").
    while (take < rest && (bound(i + take - 1) || bound(i + take))) take += 1;
    const first = words[i]!;
    const last = words[i + take - 1]!;
    const offset = first.index ?? 0;
    out.push({ offset, text: text.slice(offset, (last.index ?? 0) + last[0].length) });
    i += take;
  }
  return out;
}

/**
 * The transcript as sentences, each with its offsets. Speaker tags (`[doctor]`, `Patient:`,
 * `Speaker 1:`) are left outside the spans so a highlight shows only what was said.
 */
export function transcriptSegments(transcript: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let lineStart = 0;
  let turn = 0;
  for (const line of transcript.split('\n')) {
    const tag = SPEAKER_TAG.exec(line);
    const bodyStart = lineStart + (tag ? tag[0].length : 0);
    const body = transcript.slice(bodyStart, lineStart + line.length);
    if (body.trim().length > 0) {
      // A full stop inside a number ("8.2", "ninety eight . seven") does not end a sentence.
      const sentence = /(?:[^.?!]|[.?!](?=\S))+(?:[.?!]+|$)/g;
      const unsplit = body.replace(SPACED_DECIMAL, (m) => m.replace(' . ', ' \u00b7 '));
      for (const match of unsplit.matchAll(sentence)) {
        const raw = body.slice(match.index, match.index + match[0].length);
        const lead = raw.length - raw.trimStart().length;
        const text = raw.trim();
        if (!/[\p{L}\p{N}]/u.test(text)) continue;
        const start = bodyStart + (match.index ?? 0) + lead;
        for (const piece of clauses(text)) {
          segments.push({
            start: start + piece.offset,
            end: start + piece.offset + piece.text.length,
            text: piece.text,
            turn,
          });
        }
      }
      turn += 1;
    }
    lineStart += line.length + 1;
  }
  return segments;
}

export interface NoteSentence {
  /** The section heading the sentence sits under ("" before any heading). */
  section: string;
  text: string;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** HTML character references back to text (the note's HTML as the editor gives it). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#?\w+);/g, (whole, name: string) => {
    if (name in ENTITIES) return ENTITIES[name] ?? whole;
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

/**
 * Sentence boundary: end punctuation, then space, then something that starts a sentence; not the
 * full stop of a title or an abbreviation ("Mr. Jones is a male…" is one sentence).
 */
const SENTENCE_BREAK =
  /(?<!\b(?:Dr|Mr|Mrs|Ms|Prof|vs|e\.g|i\.e|approx|St)\.)(?<=[.?!])\s+(?=["'(]?[A-Z0-9•])/;

/** Splits one block of note text (a paragraph or a list item) into sentences. */
export function splitNoteSentences(block: string): string[] {
  return block
    .replace(/\s+/g, ' ')
    .trim()
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * The sentences of a note, from the editor's HTML or plain text with UPPERCASE headers. Headings
 * are not sentences; each paragraph, line and list item is split at sentence ends. The web app
 * and the API use this one function, so a sentence's evidence is found again by its text.
 */
export function noteSentences(note: string): NoteSentence[] {
  const isHtml = /<\s*(h[1-6]|p|ul|ol|li|br|div)\b/i.test(note);
  const blocks: { heading: boolean; text: string }[] = [];
  if (isHtml) {
    const re = /<\s*(h[1-6]|p|li|pre|div)\b[^>]*>([\s\S]*?)<\s*\/\s*\1\s*>/gi;
    for (const match of note.matchAll(re)) {
      const tag = (match[1] ?? '').toLowerCase();
      const inner = match[2] ?? '';
      if (tag !== 'li' && /<\s*li\b/i.test(inner)) continue;
      const lines = inner.split(/<\s*br\s*\/?>/i);
      for (const line of lines) {
        const text = decodeEntities(line.replace(/<[^>]+>/g, '')).trim();
        if (text) blocks.push({ heading: tag.startsWith('h'), text });
      }
    }
  } else {
    for (const raw of note.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      const heading =
        /^#{1,6}\s/.test(line) ||
        (line.length <= 80 && /[A-Z]{2}/.test(line) && line === line.toUpperCase());
      blocks.push({ heading, text: line.replace(/^#{1,6}\s+|^[•*-]\s+/g, '') });
    }
  }
  const sentences: NoteSentence[] = [];
  let section = '';
  for (const block of blocks) {
    if (block.heading) {
      section = block.text.replace(/:$/, '');
      continue;
    }
    for (const text of splitNoteSentences(block.text)) sentences.push({ section, text });
  }
  return sentences;
}

/** The same sentence after an edit that changed only spacing or case. */
export function sentenceKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Spoken numbers below twenty, and the tens: the words `readNumber` reads. */
export const ONES: Readonly<Record<string, number>> = {
  zero: 0,
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
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
export const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

type NumberState = 'ones' | 'teen' | 'tens' | 'unit' | 'hundred' | 'and' | 'thousand' | null;

/**
 * Reads a spoken number starting at `words[i]`: "fifty eight" 58, "one hundred and twenty" 120,
 * the readings "one twenty" 120, "one eighteen" 118 and "one fifty six" 156 (blood pressures), years "twenty
 * eighteen" 2018 and "nineteen ninety" 1990, "a thousand" 1000, "eight point two" 8.2. Stops at
 * the first word that would not continue the same number, so "five five" is two numbers.
 */
export function readNumber(
  words: readonly string[],
  i: number,
): { value: number; next: number } | null {
  let total = 0;
  let group = 0;
  let last: NumberState = null;
  let j = i;
  if (words[j] === 'a' && (words[j + 1] === 'hundred' || words[j + 1] === 'thousand')) {
    group = 1;
    last = 'ones';
    j += 1;
  }
  const open = () => last === null || last === 'hundred' || last === 'and' || last === 'thousand';
  for (; j < words.length; j += 1) {
    const w = words[j] ?? '';
    if (w in ONES) {
      const n = ONES[w] ?? 0;
      if (n >= 10) {
        if (open()) group += n;
        else if (last === 'tens' && group === 20) group = group * 100 + n;
        // "one eighteen over seventy" is 118, as "one twenty" is 120.
        else if (last === 'ones' && group >= 1 && group <= 2) group = group * 100 + n;
        else break;
        last = open() ? 'teen' : last === 'tens' ? 'unit' : 'teen';
      } else if (open()) {
        group += n;
        last = 'ones';
      } else if (last === 'tens' && n > 0) {
        group += n;
        last = 'unit';
      } else {
        break;
      }
    } else if (w in TENS) {
      const t = TENS[w] ?? 0;
      if (open()) group += t;
      else if (last === 'ones' && group >= 1 && group <= 2) group = group * 100 + t;
      else if (last === 'teen' && group === 19) group = group * 100 + t;
      else if (last === 'tens' && group === 20) group = group * 100 + t;
      else break;
      last = 'tens';
    } else if (w === 'hundred' && last === 'ones' && group < 10) {
      group *= 100;
      last = 'hundred';
    } else if (
      w === 'thousand' &&
      last !== null &&
      last !== 'and' &&
      last !== 'thousand' &&
      group < 1000
    ) {
      total += group * 1000;
      group = 0;
      last = 'thousand';
    } else if (w === 'and' && (last === 'hundred' || last === 'thousand')) {
      const next = words[j + 1] ?? '';
      if (!(next in ONES || next in TENS)) break;
      last = 'and';
    } else {
      break;
    }
  }
  if (last === null) return null;
  let value = total + group;
  if (words[j] === 'point' && (ONES[words[j + 1] ?? ''] ?? 10) < 10) {
    let decimals = '';
    j += 1;
    while ((ONES[words[j] ?? ''] ?? 10) < 10) {
      decimals += String(ONES[words[j] ?? '']);
      j += 1;
    }
    value = Number(`${value}.${decimals}`);
  }
  return { value, next: j };
}

/** The spoken digits ("zero" to "nine"), as a regular-expression alternation. */
export const DIGIT_WORDS = Object.keys(ONES)
  .filter((w) => (ONES[w] ?? 10) < 10)
  .join('|');
const SPACED_DECIMAL = new RegExp(
  `\\b((?:${Object.keys(TENS).join('|')}|hundred|${Object.keys(ONES)
    .filter((w) => (ONES[w] ?? 0) >= 10)
    .join(
      '|',
    )})(?: (?:${DIGIT_WORDS}))?) \\. (${DIGIT_WORDS})\\b(?! (?:${DIGIT_WORDS}|weeks?|days?|months?|years?|hours?|minutes?|times?|or|of|more|to)\\b)`,
  'gi',
);

/**
 * ACI-BENCH's tokenised transcripts write a spoken decimal point as a spaced full stop ("ninety
 * eight . seven"); read as a sentence's end it would leave 98, a temperature that was not said.
 * "ninety eight point seven", as a recogniser writes it. A number that ends a sentence before a
 * time ("she was twenty . two weeks later") is left alone.
 */
export function spacedDecimalsAsPoint(text: string): string {
  return text.replace(SPACED_DECIMAL, '$1 point $2');
}

/**
 * Lowercase word tokens with number words as digits ("one hundred twenty" → "120", "five" → "5",
 * "ten point five" → "10.5"), so a note's "120/80" and a spoken "one twenty over eighty" compare.
 */
export function wordTokens(text: string): string[] {
  const raw = spacedDecimalsAsPoint(text.toLowerCase())
    .replace(/[’‘]/g, "'")
    // "SpO2", the label a note gives the oxygen saturation, is one word: split into "spo" and "2"
    // it matched nothing a patient or clinician says, and every saturation line went unsupported.
    .match(/\bspo2\b|\d+(?:[.:/,]\d+)*|[a-z]+(?:'[a-z]+)?|%|[,;]/g);
  if (!raw) return [];
  const out: string[] = [];
  let i = 0;
  while (i < raw.length) {
    const word = raw[i] ?? '';
    const number = word in ONES || word in TENS || word === 'a' ? readNumber(raw, i) : null;
    if (number) {
      out.push(String(number.value));
      i = number.next;
      continue;
    }
    out.push(/^\d{1,3}(?:,\d{3})+$/.test(word) ? word.replace(/,/g, '') : word);
    i += 1;
  }
  // "120 over 80" is how a blood pressure is said and "3 out of 6" a murmur; notes write 120/80.
  for (let k = out.length - 2; k >= 1; k -= 1) {
    const joiner = out[k] === 'over' ? 1 : out[k] === 'of' && out[k - 1] === 'out' ? 1 : 0;
    if (!joiner) continue;
    const left = out[k] === 'of' ? k - 2 : k - 1;
    if (/^\d+$/.test(out[left] ?? '') && /^\d+$/.test(out[k + 1] ?? '')) {
      out.splice(left, k + 2 - left, `${out[left]}/${out[k + 1]}`);
      k = left;
    }
  }
  // Commas only kept "seventy, three" from reading as 73.
  return out.filter((t) => t !== ',' && t !== ';');
}

/** A light stem: plural and common verb endings, so "fevers"/"fever", "swelling"/"swollen" meet. */
export function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  return word
    .replace(/'s$/, '')
    .replace(/(?:ies)$/, 'y')
    .replace(/(?<=[a-z]{3})(?:ing|ed|es|s|ly)$/, '')
    .replace(/(?<=[a-z]{2})e+$/, '');
}

/**
 * Words English does not end a sentence on: articles, prepositions, conjunctions and
 * complementisers, possessive determiners, modals and "be" auxiliaries. Particles that end phrasal
 * verbs ("follow up", "check in", "look into") are not among them.
 */
const DANGLING_WORDS = new Set(
  `a an the of to for with at from by about onto than as per via and or but nor because if
  whether that which who whose whom while although unless whereas my your our their
  will would can could should may might must shall be been being am very`.split(/\s+/),
);

/** A sentence that stops mid-phrase: its last word (before the closing punctuation) dangles. */
export function endsMidPhrase(sentence: string): boolean {
  const words = sentence
    .toLowerCase()
    .replace(/[.?!:;,…\s]+$/, '')
    .match(/[a-z']+|\d+/g);
  const last = words?.[words.length - 1];
  return last !== undefined && DANGLING_WORDS.has(last);
}

/**
 * A sentence that stops mid-phrase, cut back to its last complete clause ("She has been
 * struggling, off and." → "She has been struggling."), or null when no clause of at least four
 * words is left.
 */
export function repairMidPhrase(sentence: string): string | null {
  if (!endsMidPhrase(sentence)) return sentence;
  let text = sentence.replace(/[.?!:;,…\s]+$/, '');
  while (text.includes(',')) {
    text = text.slice(0, text.lastIndexOf(',')).trim();
    if (!endsMidPhrase(text) && (text.match(/\S+/g) ?? []).length >= 4) return `${text}.`;
  }
  return null;
}
