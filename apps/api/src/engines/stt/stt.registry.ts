import type { EngineConfig } from '../../config/config';
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

type SttConfig = EngineConfig['stt'];
type SpeechToTextKindConfig<K extends SttConfig['kind']> = Extract<SttConfig, { kind: K }>;

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

type Factory<K extends SttConfig['kind']> = (
  config: SpeechToTextKindConfig<K>,
  context: FactoryContext,
) => SpeechToText | Promise<SpeechToText>;

const limitsOf = ({
  maxBytes,
  maxDurationSeconds,
  ffmpegPath,
}: SpeechToTextOverrides): AudioLimits => ({
  maxBytes,
  maxDurationSeconds,
  ffmpegPath,
});

const registry: { [K in SttConfig['kind']]: Factory<K> } = {
  sphinx: (config, { timeoutMs, logger, overrides }) =>
    new SphinxSpeechToText({
      ...limitsOf(overrides),
      ...(config.model === 'consultation' ? CONSULTATION_MODEL : {}),
      ...overrides.sphinx,
      timeoutMs,
      logger,
    }),
  deepgram: async (config, { timeoutMs, logger, overrides }) => {
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
  openai: async (config, { timeoutMs, logger, overrides }) => {
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
};

// The correlated-union pattern (TypeScript 4.6+): indexing the registry with the config's own
// kind types the factory for exactly that config, so no cast and no switch is needed.
function build<K extends SttConfig['kind']>(
  config: SpeechToTextKindConfig<K> & { kind: K },
  context: FactoryContext,
): Promise<SpeechToText> {
  const factory: Factory<K> = registry[config.kind];
  return Promise.resolve(factory(config, context));
}

export function createSpeechToText(
  config: EngineConfig,
  logger: EngineLogger = silentLogger,
  overrides: SpeechToTextOverrides = {},
): Promise<SpeechToText> {
  return build(config.stt, { timeoutMs: config.timeoutMs, logger, overrides });
}
