import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { estimateKneserNey, interpolate, readArpa, writeArpa, type BackoffModel } from './arpa';
import {
  buildDictionary,
  consultationSentences,
  parseDictionary,
  withoutWords,
} from './consultation-model';

/**
 * Issue 15 "the clinician's own words": the conditions a clinician lists in the profile and the
 * topics of their usual templates bias recognition of their sessions. The consultation model is
 * mixed with a small model of those phrases (weight `CLINICIAN_WEIGHT`), which lifts their words
 * and word pairs and adds the words the consultation model lacks, with generated pronunciations.
 * Built once per distinct phrase list and kept in a cache folder (a second or so of CPU), so a
 * clinician's sessions share it.
 */

/** Share of the clinician's phrase model in the mixture: a boost, not a replacement. */
const CLINICIAN_WEIGHT = 0.1;
/** Bounds the work one profile can cause. */
const MAX_CLINICIAN_PHRASES = 200;

export interface ModelFiles {
  languageModel: string;
  dictionary: string;
}

const baseModels = new Map<string, Promise<BackoffModel>>();
const cmudicts = new Map<string, Promise<Map<string, string[]>>>();
const building = new Map<string, Promise<ModelFiles>>();

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Phrases from free text ("asthma, type 2 diabetes; gout") and topic names, deduplicated. */
export function clinicianPhrases(...texts: readonly string[]): string[] {
  const phrases = texts
    .flatMap((text) => text.split(/[,;\n]+/))
    .map((phrase) => phrase.trim().toLowerCase())
    .filter((phrase) => phrase !== '');
  return [...new Set(phrases)].sort().slice(0, MAX_CLINICIAN_PHRASES);
}

/**
 * The consultation model biased towards `phrases`, as files in `cacheDir` (built if missing).
 * `cmudictPath` supplies pronunciations for new words before espeak-ng is asked.
 */
export function clinicianModel(
  base: ModelFiles,
  phrases: readonly string[],
  cacheDir: string,
  cmudictPath: string,
): Promise<ModelFiles> {
  const key = createHash('sha256')
    .update(JSON.stringify([base.languageModel, base.dictionary, CLINICIAN_WEIGHT, phrases]))
    .digest('hex')
    .slice(0, 24);
  let pending = building.get(key);
  if (!pending) {
    pending = buildClinicianModel(base, phrases, cacheDir, cmudictPath, key).finally(() =>
      building.delete(key),
    );
    building.set(key, pending);
  }
  return pending;
}

async function buildClinicianModel(
  base: ModelFiles,
  phrases: readonly string[],
  cacheDir: string,
  cmudictPath: string,
  key: string,
): Promise<ModelFiles> {
  const files = {
    languageModel: path.join(cacheDir, `clinician-${key}.lm`),
    dictionary: path.join(cacheDir, `clinician-${key}.dict`),
  };
  if ((await exists(files.languageModel)) && (await exists(files.dictionary))) return files;

  let baseModel = baseModels.get(base.languageModel);
  if (!baseModel) {
    baseModel = readFile(base.languageModel, 'utf8').then(readArpa);
    baseModels.set(base.languageModel, baseModel);
  }
  let cmudict = cmudicts.get(cmudictPath);
  if (!cmudict) {
    cmudict = readFile(cmudictPath, 'utf8').then(parseDictionary);
    cmudicts.set(cmudictPath, cmudict);
  }
  const phraseModel = estimateKneserNey(consultationSentences({ dialogues: [], phrases }), 3);
  let mixed = interpolate(await baseModel, phraseModel, 1 - CLINICIAN_WEIGHT);

  const baseDictionary = parseDictionary(await readFile(base.dictionary, 'utf8'));
  const known = new Map([...(await cmudict), ...baseDictionary]);
  const words = [...(mixed.grams[0]?.keys() ?? [])];
  const built = await buildDictionary(words, known);
  mixed = withoutWords(mixed, new Set(built.missing));

  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  // Written under a temporary name and renamed, so a concurrent decoder never reads half a file.
  for (const [file, text] of [
    [files.languageModel, writeArpa(mixed)],
    [files.dictionary, built.text],
  ] as const) {
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, text, { mode: 0o600 });
    await rename(partial, file);
  }
  return files;
}
