/**
 * The note-engine registry (decision 003: every engine behind one interface, chosen by
 * configuration). Configuration is validated at boot (config/env.ts); this only builds the
 * engine it names. Both engines are imported only when built (issue 13): the LLM engine carries
 * the OpenAI SDK, and the builtin rules run in worker threads in the server
 * (`plugins/engines.ts`), so the process reading its configuration need not load them.
 */
import type { NoteEngineKind } from '@clerkly/contracts';
import { z } from 'zod';
import {
  defineEngine,
  engineEnvShape,
  type EngineConfigOf,
  type FamilyConfig,
} from '../engine-definition';
import type { EngineLogger, NoteEngine } from './note-engine';

interface FactoryContext {
  timeoutMs: number;
  logger?: EngineLogger;
}

const defineNoteEngine = defineEngine<FactoryContext, NoteEngine>();

/**
 * One entry per engine of the catalogue (`NOTE_ENGINES` in `@clerkly/contracts`); the
 * `satisfies` makes a kind added there a compile error here until it has its entry.
 */
export const NOTE_ENGINE_REGISTRY = {
  builtin: defineNoteEngine({
    env: {},
    settings: () => ({}),
    create: async (_config, { logger }) => {
      const { BuiltinNoteEngine } = await import('./builtin.notes');
      return new BuiltinNoteEngine(logger);
    },
  }),
  llm: defineNoteEngine({
    env: {
      LLM_URL: z.url({ error: 'LLM_URL must be an absolute URL' }).optional(),
      LLM_API_KEY: z.string().min(1).optional(),
      LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    },
    problems: (env) =>
      env.LLM_URL
        ? []
        : ['LLM_URL: required when NOTES_ENGINE=llm (an OpenAI-compatible base URL)'],
    settings: (env) => ({
      baseUrl: env.LLM_URL ?? '',
      apiKey: env.LLM_API_KEY ?? null,
      model: env.LLM_MODEL,
    }),
    create: async (config, { timeoutMs, logger }) => {
      const { LlmNoteEngine } = await import('./llm.notes');
      return new LlmNoteEngine(
        { baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs },
        logger,
      );
    },
  }),
} satisfies Record<NoteEngineKind, unknown>;

type Registry = typeof NOTE_ENGINE_REGISTRY;

/** The configured note engine: its kind and its settings (`config.engines.notes`). */
export type NoteEngineConfig = FamilyConfig<Registry>;

/** Every note engine's variables, validated whichever engine is chosen. */
export const NOTE_ENGINE_ENV = engineEnvShape(NOTE_ENGINE_REGISTRY);

type Factory<K extends NoteEngineKind> = (
  config: EngineConfigOf<Registry, K>,
  context: FactoryContext,
) => NoteEngine | Promise<NoteEngine>;

// The correlated-union pattern, as in stt.registry.ts: no cast and no switch.
const factories: { [K in NoteEngineKind]: { create: Factory<K> } } = NOTE_ENGINE_REGISTRY;

function build<K extends NoteEngineKind>(
  config: EngineConfigOf<Registry, K>,
  context: FactoryContext,
): Promise<NoteEngine> {
  const factory: Factory<K> = factories[config.kind].create;
  return Promise.resolve(factory(config, context));
}

export function createNoteEngine(
  config: { notes: NoteEngineConfig; timeoutMs: number },
  logger?: EngineLogger,
): Promise<NoteEngine> {
  return build(config.notes, { timeoutMs: config.timeoutMs, logger });
}
