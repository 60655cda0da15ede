import { z } from 'zod';

/**
 * The engine catalogue (issue 22, item 4): every engine of each family once, with how the app
 * names it. The kinds, the zod enums that validate `STT_ENGINE` and `NOTES_ENGINE`, the server's
 * configuration types and its registries are all derived from these objects, so adding an engine
 * here makes the compiler ask for its registry entry (apps/api/src/engines/README.md).
 */
interface EngineCatalogueEntry {
  /** How the app names the engine to the clinician ("Transcribed by …"). */
  label: string;
}

/** Speech-to-text engines; the first is the embedded, offline default. */
export const SPEECH_ENGINES = {
  sphinx: { label: 'the offline recogniser (pocketsphinx)' },
  deepgram: { label: 'Deepgram' },
  openai: { label: 'an OpenAI-compatible transcription service' },
} as const satisfies Record<string, EngineCatalogueEntry>;

/** Note engines; the first is the embedded, offline default (its kinds are exported below). */
const NOTE_ENGINES = {
  builtin: { label: 'the offline note rules' },
  llm: { label: 'an OpenAI-compatible language model' },
} as const satisfies Record<string, EngineCatalogueEntry>;

export type SpeechEngineKind = keyof typeof SPEECH_ENGINES;
export type NoteEngineKind = keyof typeof NOTE_ENGINES;

/** An object's keys as the non-empty tuple `z.enum` wants. */
const kindsOf = <Kind extends string>(catalogue: Record<Kind, EngineCatalogueEntry>) =>
  Object.keys(catalogue) as [Kind, ...Kind[]];

export const SPEECH_ENGINE_KINDS = kindsOf(SPEECH_ENGINES);
export const NOTE_ENGINE_KINDS = kindsOf(NOTE_ENGINES);

export const speechEngineKindSchema = z.enum(SPEECH_ENGINE_KINDS);
export const noteEngineKindSchema = z.enum(NOTE_ENGINE_KINDS);

/** How the app names a stored engine kind; a kind it no longer knows is shown as stored. */
export function speechEngineLabel(kind: string): string {
  return Object.hasOwn(SPEECH_ENGINES, kind)
    ? SPEECH_ENGINES[kind as SpeechEngineKind].label
    : kind;
}
