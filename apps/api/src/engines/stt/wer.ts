/**
 * Word error rate, the figure the acceptance and `npm run bench:stt` are stated in:
 * (substitutions + deletions + insertions) / reference words, after the usual normalisation
 * (case, punctuation, spelled-out titles) so that formatting is not counted as mishearing.
 */

export interface WerResult {
  /** 0..n (can exceed 1 when the hypothesis has many insertions). */
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** substitutions + deletions + insertions. */
  errors: number;
  referenceWords: number;
  hypothesisWords: number;
}

// Engines spell these either way ("Mr" from Deepgram's smart formatting, "mister" from the
// reference text); counting them as errors would measure formatting, not recognition.
const SPELLINGS: Record<string, string> = {
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
  ok: 'okay',
};

export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/<\/?s>|\[[^\]]*\]/g, ' ') // sentence markers and [noise] tags of reference files
    .replace(/[^a-z0-9'\s-]/g, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ') // quotes, not apostrophes inside words
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => SPELLINGS[word] ?? word);
}

export function wer(reference: string, hypothesis: string): WerResult {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  // Levenshtein over words, keeping the operation counts of one optimal alignment.
  type Cell = { cost: number; sub: number; del: number; ins: number };
  let previous: Cell[] = Array.from({ length: hyp.length + 1 }, (_, j) => ({
    cost: j,
    sub: 0,
    del: 0,
    ins: j,
  }));
  for (let i = 1; i <= ref.length; i += 1) {
    const row: Cell[] = [{ cost: i, sub: 0, del: i, ins: 0 }];
    for (let j = 1; j <= hyp.length; j += 1) {
      const diagonal = previous[j - 1] as Cell;
      const up = previous[j] as Cell;
      const left = row[j - 1] as Cell;
      const same = ref[i - 1] === hyp[j - 1];
      const options: Cell[] = [
        same ? diagonal : { ...diagonal, cost: diagonal.cost + 1, sub: diagonal.sub + 1 },
        { ...up, cost: up.cost + 1, del: up.del + 1 },
        { ...left, cost: left.cost + 1, ins: left.ins + 1 },
      ];
      row.push(options.reduce((best, option) => (option.cost < best.cost ? option : best)));
    }
    previous = row;
  }
  const last = previous[hyp.length] as Cell;
  return {
    wer: ref.length === 0 ? (hyp.length === 0 ? 0 : 1) : last.cost / ref.length,
    substitutions: last.sub,
    deletions: last.del,
    insertions: last.ins,
    errors: last.cost,
    referenceWords: ref.length,
    hypothesisWords: hyp.length,
  };
}

/** Corpus WER: all errors over all reference words (long clips weigh more, as they should). */
export function totalWer(results: readonly WerResult[]): number {
  const words = results.reduce((sum, result) => sum + result.referenceWords, 0);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  return words === 0 ? 0 : errors / words;
}

/**
 * Which recognised words were right (issue 24, bench:confidence): each word of `hypothesis` is
 * right when all its normalised tokens are matched to the same reference tokens in one minimum
 * edit alignment. Returns one flag per hypothesis word, in order.
 */
export function alignWords(reference: string, hypothesis: readonly string[]): boolean[] {
  const ref = normalizeWords(reference);
  const owner: number[] = [];
  const hyp: string[] = [];
  hypothesis.forEach((word, index) => {
    for (const token of normalizeWords(word)) {
      hyp.push(token);
      owner.push(index);
    }
  });
  // Edit-distance table, then one traceback preferring matches.
  const cols = hyp.length + 1;
  const cost = new Uint32Array((ref.length + 1) * cols);
  for (let j = 0; j <= hyp.length; j += 1) cost[j] = j;
  for (let i = 1; i <= ref.length; i += 1) {
    cost[i * cols] = i;
    for (let j = 1; j <= hyp.length; j += 1) {
      const diagonal = (cost[(i - 1) * cols + j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      const up = (cost[(i - 1) * cols + j] ?? 0) + 1;
      const left = (cost[i * cols + j - 1] ?? 0) + 1;
      cost[i * cols + j] = Math.min(diagonal, up, left);
    }
  }
  const tokenRight = new Array<boolean>(hyp.length).fill(false);
  let i = ref.length;
  let j = hyp.length;
  while (i > 0 && j > 0) {
    const here = cost[i * cols + j] ?? 0;
    const same = ref[i - 1] === hyp[j - 1];
    if (same && here === cost[(i - 1) * cols + j - 1]) {
      tokenRight[j - 1] = true;
      i -= 1;
      j -= 1;
    } else if (here === (cost[(i - 1) * cols + j - 1] ?? 0) + 1) {
      i -= 1;
      j -= 1;
    } else if (here === (cost[(i - 1) * cols + j] ?? 0) + 1) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  const right = hypothesis.map(() => true);
  owner.forEach((index, token) => {
    if (!tokenRight[token]) right[index] = false;
  });
  // A word with no tokens at all (punctuation) is neither right nor wrong: count it right.
  return right;
}
