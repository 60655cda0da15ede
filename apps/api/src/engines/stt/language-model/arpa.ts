/**
 * A small n-gram language model toolkit for the offline recogniser (issue 15, docs/decisions/011):
 * - `estimateKneserNey`: interpolated modified Kneser-Ney (Chen & Goodman 1998, discounts
 *   D1, D2, D3+ from the count-of-counts) from tokenised sentences;
 * - `readArpa` / `writeArpa`: the ARPA text format pocketsphinx reads;
 * - `interpolate`: linear interpolation of two back-off models into one back-off model, the
 *   way SRILM's `ngram -mix-lm` does it (every n-gram of either model, the mixed probability
 *   computed with back-off, back-off weights renormalised).
 * Debian has no kept LM estimation tool that fits (see the decision record), and the data are
 * small (tens of thousands of sentences), so plain maps are fast enough.
 */

export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';
export const UNKNOWN = '<unk>';

/** One order's entries: key is the words joined by a space. log10 values as in ARPA. */
interface NgramEntry {
  logProb: number;
  /** log10 back-off weight; absent for the highest order (0 = weight 1). */
  logBackoff?: number;
}

export interface BackoffModel {
  order: number;
  /** grams[n - 1] holds the n-grams. */
  grams: Map<string, NgramEntry>[];
}

const LOG_ZERO = -99;

function log10(value: number): number {
  return value > 0 ? Math.log10(value) : LOG_ZERO;
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Interpolated modified Kneser-Ney. Every sentence is wrapped in `<s>` … `</s>`; the vocabulary
 * is the words seen plus `extraVocabulary` (given the lowest unigram mass of the model, via the
 * uniform distribution KN bottoms out in), so words one knows will be said but has no text for
 * can still be recognised.
 */
export function estimateKneserNey(
  sentences: readonly (readonly string[])[],
  order: number,
  extraVocabulary: Iterable<string> = [],
): BackoffModel {
  if (order < 1) throw new Error('order must be at least 1');
  // counts[n-1]: n-gram -> count. Highest order uses real counts, lower orders continuation
  // counts (number of distinct left contexts), except n-grams starting with <s>, which have no
  // left context and keep real counts.
  const real = Array.from({ length: order }, () => new Map<string, number>());
  for (const sentence of sentences) {
    const words = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let n = 1; n <= order; n += 1) {
      const table = real[n - 1] as Map<string, number>;
      for (let i = n === 1 ? 1 : 0; i + n <= words.length; i += 1) {
        const key = words.slice(i, i + n).join(' ');
        table.set(key, (table.get(key) ?? 0) + 1);
      }
    }
  }
  const counts: Map<string, number>[] = real.map((table) => new Map(table));
  for (let n = 1; n < order; n += 1) {
    const continuation = new Map<string, number>();
    for (const key of (real[n] as Map<string, number>).keys()) {
      const suffix = key.slice(key.indexOf(' ') + 1);
      continuation.set(suffix, (continuation.get(suffix) ?? 0) + 1);
    }
    const table = counts[n - 1] as Map<string, number>;
    for (const key of table.keys()) {
      if (key === SENTENCE_START || key.startsWith(`${SENTENCE_START} `)) continue;
      table.set(key, continuation.get(key) ?? table.get(key) ?? 0);
    }
  }

  const vocabulary = new Set<string>();
  for (const key of (counts[0] as Map<string, number>).keys()) vocabulary.add(key);
  for (const word of extraVocabulary) if (word) vocabulary.add(word);
  vocabulary.add(UNKNOWN);
  vocabulary.delete(SENTENCE_START);

  const discounts = counts.map((table) => {
    const ofCount = [0, 0, 0, 0, 0];
    for (const count of table.values()) if (count <= 4) ofCount[count] = (ofCount[count] ?? 0) + 1;
    const [, n1 = 0, n2 = 0, n3 = 0, n4 = 0] = ofCount;
    if (n1 === 0 || n2 === 0 || n3 === 0 || n4 === 0) return [0, 0.5, 0.75, 0.9];
    const y = n1 / (n1 + 2 * n2);
    const clamp = (d: number): number => Math.min(Math.max(d, 0.05), 0.95 * Math.ceil(d) + 1e-9);
    return [
      0,
      clamp(1 - 2 * y * (n2 / n1)),
      clamp(2 - 3 * y * (n3 / n2)),
      clamp(3 - 4 * y * (n4 / n3)),
    ];
  });
  const discount = (n: number, count: number): number => {
    const d = discounts[n - 1] ?? [];
    return d[Math.min(count, 3)] ?? 0;
  };

  // Per context (n-1 words): total count and the mass set free by discounting.
  const contextTotals: Map<string, { total: number; freed: number }>[] = [];
  for (let n = 1; n <= order; n += 1) {
    const totals = new Map<string, { total: number; freed: number }>();
    for (const [key, count] of counts[n - 1] as Map<string, number>) {
      const context = n === 1 ? '' : key.slice(0, key.lastIndexOf(' '));
      const entry = totals.get(context) ?? { total: 0, freed: 0 };
      entry.total += count;
      entry.freed += discount(n, count);
      totals.set(context, entry);
    }
    contextTotals.push(totals);
  }

  const grams = Array.from({ length: order }, () => new Map<string, NgramEntry>());
  const probability = Array.from({ length: order }, () => new Map<string, number>());
  // Unigrams: discounted continuation counts plus the freed mass spread uniformly.
  const unigramTotals = (contextTotals[0] as Map<string, { total: number; freed: number }>).get(
    '',
  ) ?? { total: 0, freed: 0 };
  const uniform = 1 / vocabulary.size;
  const unigramCounts = counts[0] as Map<string, number>;
  for (const word of vocabulary) {
    const count = unigramCounts.get(word) ?? 0;
    const p =
      unigramTotals.total === 0
        ? uniform
        : Math.max(count - discount(1, count), 0) / unigramTotals.total +
          (unigramTotals.freed / unigramTotals.total) * uniform;
    (probability[0] as Map<string, number>).set(word, p);
  }
  for (let n = 2; n <= order; n += 1) {
    const totals = contextTotals[n - 1] as Map<string, { total: number; freed: number }>;
    for (const [key, count] of counts[n - 1] as Map<string, number>) {
      const context = key.slice(0, key.lastIndexOf(' '));
      const { total, freed } = totals.get(context) as { total: number; freed: number };
      const lower = lookup(probability, key.slice(key.indexOf(' ') + 1), n - 1, contextTotals);
      const p = Math.max(count - discount(n, count), 0) / total + (freed / total) * lower;
      (probability[n - 1] as Map<string, number>).set(key, p);
    }
  }

  for (let n = 1; n <= order; n += 1) {
    const table = grams[n - 1] as Map<string, NgramEntry>;
    const probs = probability[n - 1] as Map<string, number>;
    if (n === 1) probs.set(SENTENCE_START, 0);
    for (const [key, p] of probs) {
      const entry: NgramEntry = { logProb: key === SENTENCE_START ? LOG_ZERO : round(log10(p)) };
      if (n < order) {
        const next = (contextTotals[n] as Map<string, { total: number; freed: number }>).get(key);
        // Interpolated KN in back-off form: the back-off weight of a context is its freed mass.
        entry.logBackoff = next ? round(log10(next.freed / next.total)) : 0;
      }
      table.set(key, entry);
    }
  }
  return { order, grams };
}

/** p(last word | rest) of an n-gram key at order n, from the probabilities computed so far. */
function lookup(
  probability: Map<string, number>[],
  key: string,
  n: number,
  contextTotals: Map<string, { total: number; freed: number }>[],
): number {
  const known = (probability[n - 1] as Map<string, number>).get(key);
  if (known !== undefined) return known;
  if (n === 1) return (probability[0] as Map<string, number>).get(UNKNOWN) ?? 0;
  const context = key.slice(0, key.lastIndexOf(' '));
  const totals = (contextTotals[n - 1] as Map<string, { total: number; freed: number }>).get(
    context,
  );
  const weight = totals ? totals.freed / totals.total : 1;
  return weight * lookup(probability, key.slice(key.indexOf(' ') + 1), n - 1, contextTotals);
}

/** log10 p(word | context) of a back-off model, backing off as ARPA defines. */
export function logProbability(model: BackoffModel, words: readonly string[]): number {
  const n = Math.min(words.length, model.order);
  const gram = words.slice(words.length - n);
  const entry = (model.grams[n - 1] as Map<string, NgramEntry>).get(gram.join(' '));
  if (entry) return entry.logProb;
  if (n === 1) {
    return (model.grams[0] as Map<string, NgramEntry>).get(UNKNOWN)?.logProb ?? LOG_ZERO;
  }
  const context = (model.grams[n - 2] as Map<string, NgramEntry>).get(gram.slice(0, -1).join(' '));
  return (context?.logBackoff ?? 0) + logProbability(model, gram.slice(1));
}

/**
 * Linear interpolation `weight * a + (1 - weight) * b`, kept as a back-off model over the union
 * of both models' n-grams (restricted to `vocabulary` when given) with back-off weights
 * recomputed so every context sums to one over the vocabulary.
 */
export function interpolate(
  a: BackoffModel,
  b: BackoffModel,
  weight: number,
  vocabulary?: ReadonlySet<string>,
  options: {
    /**
     * A word outside a model's unigrams gets probability 0 from that model instead of its
     * `<unk>` probability (SRILM's behaviour). Needed when one model's vocabulary is far larger
     * than the other's: tens of thousands of words each given `<unk>`'s mass would swamp it.
     */
    unknownIsZero?: boolean;
  } = {},
): BackoffModel {
  if (!(weight >= 0 && weight <= 1)) throw new Error('weight must be between 0 and 1');
  const order = Math.max(a.order, b.order);
  const keep = (key: string): boolean =>
    !vocabulary ||
    key
      .split(' ')
      .every((word) => word === SENTENCE_START || word === SENTENCE_END || vocabulary.has(word));
  const known = (model: BackoffModel, words: readonly string[]): boolean =>
    !options.unknownIsZero ||
    (model.grams[0] as Map<string, NgramEntry>).has(words[words.length - 1] ?? '');
  const mix = (words: string[]): number => {
    const pa = known(a, words) ? 10 ** logProbability(a, words) : 0;
    const pb = known(b, words) ? 10 ** logProbability(b, words) : 0;
    return weight * pa + (1 - weight) * pb;
  };
  const grams: Map<string, NgramEntry>[] = [];
  for (let n = 1; n <= order; n += 1) {
    const table = new Map<string, NgramEntry>();
    const keys = new Set<string>();
    for (const source of [a, b]) {
      for (const key of source.grams[n - 1]?.keys() ?? []) if (keep(key)) keys.add(key);
    }
    for (const key of keys) {
      table.set(key, {
        logProb: key === SENTENCE_START ? LOG_ZERO : round(log10(mix(key.split(' ')))),
      });
    }
    grams.push(table);
  }
  // Unigrams over the vocabulary sum to one.
  const unigrams = grams[0] as Map<string, NgramEntry>;
  let unigramMass = 0;
  for (const [key, entry] of unigrams)
    if (key !== SENTENCE_START) unigramMass += 10 ** entry.logProb;
  for (const [key, entry] of unigrams) {
    if (key !== SENTENCE_START) entry.logProb = round(entry.logProb - Math.log10(unigramMass));
  }
  const mixed: BackoffModel = { order, grams };
  // Back-off weight of a context h: (1 - sum of explicit p(w|h)) / (1 - sum of p(w|h')).
  for (let n = 1; n < order; n += 1) {
    const explicit = new Map<string, { seen: number; lower: number }>();
    for (const [key, entry] of grams[n] as Map<string, NgramEntry>) {
      const words = key.split(' ');
      const context = words.slice(0, -1).join(' ');
      const sums = explicit.get(context) ?? { seen: 0, lower: 0 };
      sums.seen += 10 ** entry.logProb;
      sums.lower += 10 ** logProbability(mixed, words.slice(1));
      explicit.set(context, sums);
    }
    for (const [key, entry] of grams[n - 1] as Map<string, NgramEntry>) {
      const sums = explicit.get(key);
      if (!sums) {
        entry.logBackoff = 0;
        continue;
      }
      const free = Math.max(1 - sums.seen, 1e-9);
      const lowerFree = Math.max(1 - sums.lower, 1e-9);
      entry.logBackoff = round(log10(free / lowerFree));
    }
  }
  return mixed;
}

export function writeArpa(model: BackoffModel): string {
  const lines = ['\\data\\'];
  model.grams.forEach((table, index) => lines.push(`ngram ${index + 1}=${table.size}`));
  model.grams.forEach((table, index) => {
    lines.push('', `\\${index + 1}-grams:`);
    const keys = [...table.keys()].sort();
    for (const key of keys) {
      const entry = table.get(key) as NgramEntry;
      lines.push(
        entry.logBackoff === undefined || index + 1 === model.order
          ? `${entry.logProb}\t${key}`
          : `${entry.logProb}\t${key}\t${entry.logBackoff}`,
      );
    }
  });
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

export function readArpa(text: string): BackoffModel {
  const grams: Map<string, NgramEntry>[] = [];
  let current: Map<string, NgramEntry> | null = null;
  let currentOrder = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '\\data\\' || line.startsWith('ngram ')) continue;
    if (line === '\\end\\') break;
    const header = /^\\(\d+)-grams:$/.exec(line);
    if (header) {
      currentOrder = Number(header[1]);
      current = new Map();
      grams[currentOrder - 1] = current;
      continue;
    }
    if (!current) continue;
    const fields = line.split(/\s+/);
    const logProb = Number(fields[0]);
    const words = fields.slice(1, 1 + currentOrder);
    if (words.length !== currentOrder || !Number.isFinite(logProb)) {
      throw new Error(`ARPA: bad ${currentOrder}-gram line "${line.slice(0, 80)}"`);
    }
    const entry: NgramEntry = { logProb };
    const backoff = fields[1 + currentOrder];
    if (backoff !== undefined) entry.logBackoff = Number(backoff);
    current.set(words.join(' '), entry);
  }
  if (grams.length === 0) throw new Error('ARPA: no n-grams found');
  return { order: grams.length, grams: Array.from(grams, (table) => table ?? new Map()) };
}
