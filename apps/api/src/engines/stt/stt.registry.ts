import type { SpeechEngineKind } from '@clerkly/contracts';
import { z } from 'zod';
import {
  defineEngine,
  engineEnvShape,
  type EngineConfigOf,
  type FamilyConfig,
} from '../engine-definition';
import type { RetryPolicy } from './http-retry';
import type { AudioLimits } from './prepare-audio';
import { CONSULTATION_MODEL, SphinxSpeechToText, type SphinxOptions } from './sphinx.stt';
import { silentLogger, type EngineLogger, type SpeechToText } from './speech-to-text';

/**
 * The speech-to-text registry: configuration names the engine, this builds it (decision 003:
 * every engine sits behind one small interface with a registry keyed by name). The
 * configuration was validated at boot (config/env.ts), so a chosen cloud engine always has
 * its key; nothing here falls back silently to another engine.
 *
 * Cloud engines are imported only when configured (issue 13): their SDKs (Deepgram, OpenAI) took
 * a large part of the start-up time and memory of a server that never used them.
 */

/** Knobs that are not configuration: limits, and what tests need to point elsewhere. */
export interface SpeechToTextOverrides extends AudioLimits {
  retry?: RetryPolicy;
  sphinx?: Pick<
    SphinxOptions,
    | 'binary'
    | 'modelDir'
    | 'parallelism'
    | 'maxChunkSeconds'
    | 'minChunkSeconds'
    | 'languageModel'
    | 'dictionary'
    | 'decoderArgs'
    | 'wordPosteriors'
  >;
}

interface FactoryContext {
  timeoutMs: number;
  logger: EngineLogger;
  overrides: SpeechToTextOverrides;
}

const limitsOf = ({
  maxBytes,
  maxDurationSeconds,
  ffmpegPath,
}: SpeechToTextOverrides): AudioLimits => ({
  maxBytes,
  maxDurationSeconds,
  ffmpegPath,
});

const defineSpeechEngine = defineEngine<FactoryContext, SpeechToText>();

/**
 * One entry per engine of the catalogue (`SPEECH_ENGINES` in `@clerkly/contracts`): what it
 * reads from the environment, what it needs when chosen, and how it is built. The `satisfies`
 * makes a kind added to the catalogue a compile error here until it has its entry.
 */
export const SPEECH_ENGINE_REGISTRY = {
  sphinx: defineSpeechEngine({
    env: {
      /** The offline recogniser's language model (issue 15): consultations, or general English. */
      SPHINX_MODEL: z.enum(['consultation', 'general']).default('general'),
    },
    settings: (env) => ({ model: env.SPHINX_MODEL }),
    create: (config, { timeoutMs, logger, overrides }) =>
      new SphinxSpeechToText({
        ...limitsOf(overrides),
        ...(config.model === 'consultation' ? CONSULTATION_MODEL : {}),
        ...overrides.sphinx,
        timeoutMs,
        logger,
      }),
  }),
  deepgram: defineSpeechEngine({
    env: {
      DEEPGRAM_API_KEY: z.string().min(1).optional(),
      DEEPGRAM_URL: z.url().default('https://api.deepgram.com'),
    },
    problems: (env) =>
      env.DEEPGRAM_API_KEY ? [] : ['DEEPGRAM_API_KEY: required when STT_ENGINE=deepgram'],
    settings: (env) => ({ apiKey: env.DEEPGRAM_API_KEY ?? '', baseUrl: env.DEEPGRAM_URL }),
    create: async (config, { timeoutMs, logger, overrides }) => {
      const { DeepgramSpeechToText } = await import('./deepgram.stt');
      return new DeepgramSpeechToText({
        ...limitsOf(overrides),
        apiKey: config.apiKey,
        baseUrl: config.baseUrl,
        timeoutMs,
        logger,
        retry: overrides.retry,
      });
    },
  }),
  openai: defineSpeechEngine({
    env: {
      STT_URL: z.url({ error: 'STT_URL must be an absolute URL' }).optional(),
      STT_API_KEY: z.string().min(1).optional(),
      STT_MODEL: z.string().min(1).default('whisper-1'),
    },
    problems: (env) =>
      env.STT_URL
        ? []
        : ['STT_URL: required when STT_ENGINE=openai (an OpenAI-compatible base URL)'],
    settings: (env) => ({
      baseUrl: env.STT_URL ?? '',
      apiKey: env.STT_API_KEY ?? null,
      model: env.STT_MODEL,
    }),
    create: async (config, { timeoutMs, logger, overrides }) => {
      const { OpenAiSpeechToText } = await import('./openai.stt');
      return new OpenAiSpeechToText({
        ...limitsOf(overrides),
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs,
        logger,
        retry: overrides.retry,
      });
    },
  }),
} satisfies Record<SpeechEngineKind, unknown>;

type Registry = typeof SPEECH_ENGINE_REGISTRY;

/** The configured speech-to-text engine: its kind and its settings (`config.engines.stt`). */
export type SpeechEngineConfig = FamilyConfig<Registry>;
type SpeechEngineConfigOf<K extends SpeechEngineKind> = EngineConfigOf<Registry, K>;

/** Every engine's variables (validated whichever engine is chosen, as before). */
export const SPEECH_ENGINE_ENV = engineEnvShape(SPEECH_ENGINE_REGISTRY);

type Factory<K extends SpeechEngineKind> = (
  config: SpeechEngineConfigOf<K>,
  context: FactoryContext,
) => SpeechToText | Promise<SpeechToText>;

// The correlated-union pattern (TypeScript 4.6+): the registry seen as a map from each kind to a
// factory of that kind's configuration; indexing it with the config's own kind types the factory
// for exactly that config, so no cast and no switch is needed.
const factories: { [K in SpeechEngineKind]: { create: Factory<K> } } = SPEECH_ENGINE_REGISTRY;

function build<K extends SpeechEngineKind>(
  config: SpeechEngineConfigOf<K>,
  context: FactoryContext,
): Promise<SpeechToText> {
  const factory: Factory<K> = factories[config.kind].create;
  return Promise.resolve(factory(config, context));
}

export function createSpeechToText(
  config: { stt: SpeechEngineConfig; timeoutMs: number },
  logger: EngineLogger = silentLogger,
  overrides: SpeechToTextOverrides = {},
): Promise<SpeechToText> {
  return build(config.stt, { timeoutMs: config.timeoutMs, logger, overrides });
}
