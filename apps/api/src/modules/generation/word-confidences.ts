/**
 * Word confidences sealed with the transcript (issue 24, docs/decisions/017): each segment keeps
 * its recogniser's words with their 0–1 confidence as sealed JSON beside its sealed text, and a
 * generation keeps its segments' lists joined, as it keeps their texts joined.
 */
import { transcriptConfidenceSchema, type WordConfidence } from '@clerkly/contracts';
import type { TranscriptWord } from '../../engines/stt/speech-to-text';
import type { FieldCipher } from '../../lib/field-crypto';

type Sealer = Pick<FieldCipher, 'seal'>;
type Opener = Pick<FieldCipher, 'open'>;

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** Null when the engine gave no word a confidence: then no word counts as uncertain. */
export function sealWordConfidences(
  words: readonly TranscriptWord[],
  cipher: Sealer,
): string | null {
  if (!words.some((word) => word.confidence !== undefined)) return null;
  const list: WordConfidence[] = words.map((word) => ({
    word: word.word,
    confidence: round(word.confidence ?? 1),
  }));
  return cipher.seal(JSON.stringify(list));
}

/** A missing or unreadable value reads as no confidences (every word certain). */
export function openWordConfidences(
  sealed: string | null | undefined,
  cipher: Opener,
): WordConfidence[] | undefined {
  if (!sealed) return undefined;
  try {
    const parsed = transcriptConfidenceSchema.safeParse(JSON.parse(cipher.open(sealed)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The segments' confidences in order, sealed as one list; null when none has any. */
export function joinSealedConfidences(
  segments: readonly { confidenceSealed: string | null }[],
  cipher: Sealer & Opener,
): string | null {
  const lists = segments.map((segment) => openWordConfidences(segment.confidenceSealed, cipher));
  if (lists.every((list) => list === undefined)) return null;
  return cipher.seal(JSON.stringify(lists.flatMap((list) => list ?? [])));
}
