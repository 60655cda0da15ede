/**
 * The note-engine registry (ARCHITECTURE "Components": every engine behind one interface, chosen
 * by configuration). Configuration is validated at boot (config/env.ts); this only builds the
 * engine it names, and says which one runs for the boot log. The LLM engine (and the OpenAI SDK)
 * is imported only when configured (issue 13).
 */
import type { EngineConfig } from '../../config/config';
import { BuiltinNoteEngine } from './builtin.notes';
import type { EngineLogger, NoteEngine } from './note-engine';

export async function createNoteEngine(
  config: EngineConfig,
  logger?: EngineLogger,
): Promise<NoteEngine> {
  const notes = config.notes;
  switch (notes.kind) {
    case 'builtin':
      return new BuiltinNoteEngine(logger);
    case 'llm': {
      const { LlmNoteEngine } = await import('./llm.notes');
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
}
