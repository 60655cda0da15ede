import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The recordings speech-to-text is measured on (issue 4, "Benchmarks"), read the same way by
 * the tests and by `npm run bench:stt`:
 * - Debian's `pocketsphinx-testdata` LibriVox clips: real read speech with reference text;
 * - `shared/data/speech/manifest.jsonl`: espeak-ng speech of ACI-BENCH dialogues (CC BY 4.0).
 */

export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';

export interface ReferenceClip {
  id: string;
  /** Absolute path of the WAV. */
  file: string;
  /** What was said. */
  reference: string;
  corpus: 'librivox' | 'espeak-aci';
}

/** `transcription` lines read `<s> words ... </s> (clip-id)`. */
export async function readLibrivoxClips(dir = LIBRIVOX_DIR): Promise<ReferenceClip[]> {
  const text = await readFile(path.join(dir, 'transcription'), 'utf8');
  return text
    .split('\n')
    .map((line) => /^(.*)\((\S+)\)\s*$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, words = '', id = '']) => ({
      id,
      file: path.join(dir, `${id}.wav`),
      reference: words
        .replace(/<\/?s>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      corpus: 'librivox' as const,
    }));
}

/** One `{ id, wav, text }` per line; `wav` is relative to the manifest. */
export async function readSpeechManifest(manifest: string): Promise<ReferenceClip[]> {
  const text = await readFile(manifest, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = JSON.parse(line) as { id?: unknown; wav?: unknown; text?: unknown };
      if (
        typeof entry.id !== 'string' ||
        typeof entry.wav !== 'string' ||
        typeof entry.text !== 'string'
      ) {
        throw new Error(`${manifest}: every line needs id, wav and text`);
      }
      return {
        id: entry.id,
        file: path.resolve(path.dirname(manifest), entry.wav),
        reference: entry.text,
        corpus: 'espeak-aci' as const,
      };
    });
}
