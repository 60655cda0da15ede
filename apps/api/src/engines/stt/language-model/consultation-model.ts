import { dialogueSentences, spokenWords } from './corpus-text';
import {
  estimateKneserNey,
  SENTENCE_END,
  SENTENCE_START,
  UNKNOWN,
  type BackoffModel,
} from './arpa';
import { espeakPhonemes, espeakToCmu } from './pronunciations';

/**
 * The consultation language model and dictionary (issue 15, docs/decisions/011): a trigram
 * Kneser-Ney model of ACI-BENCH *train* dialogues plus short phrases made of the medication,
 * condition and template-topic vocabulary, over a vocabulary of only the words it needs, each
 * with a CMUdict pronunciation or one generated from espeak-ng's phonemes.
 */

export interface ConsultationSources {
  /** Dialogue texts (ACI-BENCH train only; never the dialogues the speech set was made from). */
  dialogues: readonly string[];
  /** Medication and condition names, template topics: phrases a clinician says. */
  phrases: readonly string[];
}

/** Each phrase becomes a few sentences, so its words are known in a plausible context. */
const PHRASE_FRAMES = ['{}', 'you have {}', 'we will start {}', 'your {}', 'for the {}'];

export function consultationSentences(sources: ConsultationSources): string[][] {
  const sentences = sources.dialogues.flatMap((dialogue) => dialogueSentences(dialogue));
  for (const phrase of sources.phrases) {
    for (const frame of PHRASE_FRAMES) {
      const words = spokenWords(frame.replace('{}', phrase));
      if (words.length > 0) sentences.push(words);
    }
  }
  return sentences;
}

export function buildConsultationModel(sentences: readonly string[][]): BackoffModel {
  return estimateKneserNey(sentences, 3);
}

/** CMUdict text: `word PH ON ES`, alternates `word(2) ...`. */
export function parseDictionary(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^(\S+?)(\(\d+\))?\s+(.+)$/.exec(line.trim());
    if (!match) continue;
    const [, word = '', , phones = ''] = match;
    const list = entries.get(word) ?? [];
    list.push(phones.trim().replace(/\s+/g, ' '));
    entries.set(word, list);
  }
  return entries;
}

export interface BuiltDictionary {
  text: string;
  /** Words whose pronunciation came from espeak-ng. */
  generated: string[];
  /** Words no pronunciation could be made for (dropped from the model). */
  missing: string[];
}

/** A dictionary of exactly `words`, generated pronunciations for those CMUdict lacks. */
export async function buildDictionary(
  words: Iterable<string>,
  cmudict: Map<string, string[]>,
  options: {
    phonemes?: (words: readonly string[], voice: string) => Promise<Map<string, string>>;
    /** espeak-ng voices whose pronunciation is added as an alternate when it differs. */
    accentVoices?: readonly string[];
  } = {},
): Promise<BuiltDictionary> {
  const phonemes = options.phonemes ?? espeakPhonemes;
  const wanted = [...new Set(words)]
    .filter((word) => word !== SENTENCE_START && word !== SENTENCE_END && word !== UNKNOWN)
    .sort();
  const unknown = wanted.filter((word) => !cmudict.has(word));
  const spoken = await phonemes(unknown, 'en-us');
  const accents: Map<string, string>[] = [];
  for (const voice of options.accentVoices ?? []) accents.push(await phonemes(wanted, voice));
  const lines: string[] = [];
  const generated: string[] = [];
  const missing: string[] = [];
  for (const word of wanted) {
    let prons = cmudict.get(word);
    if (!prons) {
      const phones = espeakToCmu(spoken.get(word) ?? '');
      if (phones.length === 0) {
        missing.push(word);
        continue;
      }
      prons = [phones.join(' ')];
      generated.push(word);
    }
    for (const accent of accents) {
      const phones = espeakToCmu(accent.get(word) ?? '').join(' ');
      if (phones && !prons.includes(phones)) prons = [...prons, phones];
    }
    prons.forEach((pron, i) => lines.push(`${i === 0 ? word : `${word}(${i + 1})`} ${pron}`));
  }
  return { text: `${lines.join('\n')}\n`, generated, missing };
}

/** Removes words (and every n-gram holding them) from a model, e.g. words with no pronunciation. */
export function withoutWords(model: BackoffModel, words: ReadonlySet<string>): BackoffModel {
  if (words.size === 0) return model;
  return {
    order: model.order,
    grams: model.grams.map(
      (table) =>
        new Map([...table].filter(([key]) => !key.split(' ').some((word) => words.has(word)))),
    ),
  };
}

/**
 * The general English model's unigram distribution (`apps/api/speech-model/general-unigrams.tsv`,
 * `word<TAB>log10 p`, most probable first), restricted to its `topWords` most probable words and
 * renormalised, as an order-1 back-off model. Interpolated into the consultation model so every
 * common English word stays reachable (docs/decisions/011).
 */
export function generalUnigramModel(text: string, topWords = Infinity): BackoffModel {
  const entries: [string, number][] = [];
  let words = 0;
  for (const line of text.split('\n')) {
    const [word, logProb] = line.split('\t');
    if (!word || logProb === undefined || word === SENTENCE_START) continue;
    // </s> is not one of the top words: it is always kept.
    if (word !== SENTENCE_END) {
      if (words >= topWords) continue;
      words += 1;
    }
    entries.push([word, Number(logProb)]);
  }
  const mass = entries.reduce((sum, [, logProb]) => sum + 10 ** logProb, 0);
  const unigrams = new Map(
    entries.map(([word, logProb]) => [
      word,
      { logProb: Math.round((logProb - Math.log10(mass)) * 1e6) / 1e6 },
    ]),
  );
  return { order: 1, grams: [unigrams] };
}
