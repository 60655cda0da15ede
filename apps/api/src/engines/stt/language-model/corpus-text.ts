import { normalizeWords } from '../wer';

/**
 * Turns ACI-BENCH dialogue text (`[doctor] hi , martha . how are you ?`) into the word sequences
 * the recogniser can say: lower case, no punctuation, numbers spelled out as a speaker says them,
 * one sentence per item (sentence ends and speaker turns split, so n-grams do not run across them).
 */
export function dialogueSentences(dialogue: string): string[][] {
  const sentences: string[][] = [];
  for (const turn of dialogue.split('\n')) {
    const text = turn.replace(/^\s*\[[^\]]*\]\s*/, '');
    for (const piece of text.split(/[.?!;]+(?=\s|$)/)) {
      const words = spokenWords(piece);
      if (words.length > 0) sentences.push(words);
    }
  }
  return sentences;
}

/** The normalisation of the WER scorer, with numbers spelled out. */
export function spokenWords(text: string): string[] {
  return normalizeWords(text.replace(/(\d),(\d{3})/g, '$1$2')).flatMap((word) =>
    /^\d+$/.test(word) ? numberWords(Number(word)) : /\d/.test(word) ? [] : [word],
  );
}

const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen',
  'nineteen',
]; // prettier-ignore
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0..999,999 as spoken ("one hundred twenty five"); larger numbers digit by digit. */
export function numberWords(value: number): string[] {
  if (!Number.isInteger(value) || value < 0) return [];
  if (value >= 1_000_000)
    return String(value)
      .split('')
      .flatMap((d) => numberWords(Number(d)));
  if (value < 20) return [ONES[value] as string];
  if (value < 100) {
    const rest = value % 10;
    return [TENS[Math.floor(value / 10)] as string, ...(rest ? numberWords(rest) : [])];
  }
  if (value < 1000) {
    const rest = value % 100;
    return [...numberWords(Math.floor(value / 100)), 'hundred', ...(rest ? numberWords(rest) : [])];
  }
  const rest = value % 1000;
  return [...numberWords(Math.floor(value / 1000)), 'thousand', ...(rest ? numberWords(rest) : [])];
}
