/**
 * The note-engine registry (ARCHITECTURE "Components": every engine behind one interface, chosen
 * by configuration). Configuration is validated at boot (config/env.ts); this only builds the
 * engine it names, and says which one runs for the boot log.
 */
import type { EngineConfig } from '../../config/config';
import { BuiltinNoteEngine } from './builtin.notes';
import { LlmNoteEngine } from './llm.notes';
import type { EngineLogger, NoteEngine } from './note-engine';

export function createNoteEngine(config: EngineConfig, logger?: EngineLogger): NoteEngine {
  const notes = config.notes;
  switch (notes.kind) {
    case 'builtin':
      return new BuiltinNoteEngine(logger);
    case 'llm':
      return new LlmNoteEngine(
        {
          baseUrl: notes.baseUrl,
          apiKey: notes.apiKey,
          model: notes.model,
          timeoutMs: config.timeoutMs,
        },
        logger,
      );
  }
}

/** "notes engine: llm (model gpt-4o-mini at api.openai.com)" — never a key. */
export function describeNoteEngine(config: EngineConfig): string {
  return createNoteEngine(config).describe();
}
