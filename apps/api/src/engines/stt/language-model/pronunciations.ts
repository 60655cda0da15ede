import { spawnBound } from '../../../lib/spawn-bound';

/**
 * Pronunciations for words CMUdict lacks (medications, conditions): espeak-ng's phonemes
 * (`espeak-ng -q -x`, its ASCII phoneme mnemonics) mapped to the 39 CMU phones of the
 * pocketsphinx en-us acoustic model. espeak-ng is a Debian package the tests already use, and its
 * letter-to-sound rules read drug names well ("lisinopril" -> l I s 'I n @ p r I l).
 */

/** espeak-ng en phoneme mnemonics -> CMU phones; longest match first. */
const ESPEAK_TO_CMU: [string, string[]][] = [
  ['aI@', ['AY', 'ER']],
  ['aU@', ['AW', 'ER']],
  ['eI', ['EY']],
  ['aI', ['AY']],
  ['aU', ['AW']],
  ['OI', ['OY']],
  ['oU', ['OW']],
  ['@U', ['OW']],
  ['e@', ['EH', 'R']],
  ['i@', ['IY', 'ER']],
  ['U@', ['UH', 'R']],
  ['O@', ['AO', 'R']],
  ['A@', ['AA', 'R']],
  ['o@', ['AO', 'R']],
  ['3:', ['ER']],
  ['@L', ['AH', 'L']],
  ['@5', ['AH', 'L']],
  ['i:', ['IY']],
  ['u:', ['UW']],
  ['A:', ['AA']],
  ['O:', ['AO']],
  ['a#', ['AH']],
  ['I#', ['IH']],
  ['I2', ['IH']],
  ['@2', ['AH']],
  ['tS', ['CH']],
  ['dZ', ['JH']],
  ['@', ['AH']],
  ['3', ['ER']],
  ['a', ['AE']],
  ['A', ['AA']],
  ['E', ['EH']],
  ['I', ['IH']],
  ['i', ['IY']],
  ['O', ['AO']],
  ['V', ['AH']],
  ['U', ['UH']],
  ['u', ['UW']],
  ['e', ['EH']],
  ['o', ['OW']],
  ['0', ['AA']],
  ['N', ['NG']],
  ['T', ['TH']],
  ['D', ['DH']],
  ['S', ['SH']],
  ['Z', ['ZH']],
  ['j', ['Y']],
  ['r', ['R']],
  ['w', ['W']],
  ['h', ['HH']],
  ['x', ['HH']],
  ['b', ['B']],
  ['d', ['D']],
  ['f', ['F']],
  ['g', ['G']],
  ['k', ['K']],
  ['l', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['p', ['P']],
  ['s', ['S']],
  ['t', ['T']],
  ['v', ['V']],
  ['z', ['Z']],
];

/** Maps one espeak-ng `-x` phoneme string (stress marks and all) to CMU phones. */
export function espeakToCmu(phonemes: string): string[] {
  // Stress (' ,), syllable and length marks, and the separators espeak prints carry no phone.
  const text = phonemes.replace(/[',%=_|:;!\-^]/g, (mark) => (mark === ':' ? ':' : ''));
  const phones: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (/\s/.test(text[index] as string)) {
      index += 1;
      continue;
    }
    const match = ESPEAK_TO_CMU.find(([symbol]) => text.startsWith(symbol, index));
    if (match) {
      phones.push(...match[1]);
      index += match[0].length;
    } else {
      index += 1; // an espeak symbol with no CMU counterpart (e.g. a glottal stop): skipped
    }
  }
  // Two identical phones in a row are one sound in CMU's inventory ("l l" in "pill-like").
  return phones.filter((phone, i) => phone !== phones[i - 1]);
}

/**
 * espeak-ng phonemes for many words in one process: one word per line in, one phoneme line
 * per word out (espeak treats each line ending as a clause end).
 */
export async function espeakPhonemes(
  words: readonly string[],
  voice = 'en-us',
  binary = 'espeak-ng',
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (words.length === 0) return result;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawnBound(binary, ['-q', '-x', '-v', voice, '--stdin'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`espeak-ng exited with ${code}`)),
    );
    child.stdin?.end(`${words.join('.\n')}.\n`);
  });
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length !== words.length) {
    throw new Error(`espeak-ng gave ${lines.length} phoneme lines for ${words.length} words`);
  }
  words.forEach((word, i) => result.set(word, lines[i] as string));
  return result;
}
