import { DeepgramClient, DeepgramError, DeepgramTimeoutError } from '@deepgram/sdk';
import { z } from 'zod';
import { encodeWav } from '../audio/wav';
import {
  DEFAULT_RETRY_POLICY,
  callWithRetries,
  errorDetail,
  findErrorCode,
  parseRetryAfter,
  type CallFailure,
  type RetryPolicy,
  type ServiceInfo,
} from './http-retry';
import { prepareAudio, type AudioLimits } from './prepare-audio';
import {
  SpeechToTextError,
  segmentsFromWords,
  silentLogger,
  type AudioInput,
  type EngineLogger,
  type SpeechToText,
  type TranscribeOptions,
  type Transcript,
  type TranscriptWord,
} from './speech-to-text';

/**
 * Deepgram's pre-recorded API (issue 4): the medical model, smart formatting, punctuation and
 * diarization, so the transcript comes back with speakers the notes engine can use.
 */

export interface DeepgramOptions extends AudioLimits {
  apiKey: string;
  /** https://api.deepgram.com, or a local stand-in in tests. */
  baseUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  logger?: EngineLogger;
  retry?: RetryPolicy;
  model?: string;
}

const DEEPGRAM_MODEL = 'nova-3-medical';

const wordSchema = z.object({
  word: z.string(),
  punctuated_word: z.string().optional(),
  start: z.number(),
  end: z.number(),
  confidence: z.number().optional(),
  speaker: z.number().int().nonnegative().optional(),
});

/** The parts of `ListenV1Response` the transcript is built from. */
const responseSchema = z.object({
  metadata: z.object({ duration: z.number().nonnegative().optional() }).optional(),
  results: z.object({
    channels: z
      .array(
        z.object({
          alternatives: z
            .array(z.object({ transcript: z.string(), words: z.array(wordSchema).default([]) }))
            .min(1),
        }),
      )
      .min(1),
  }),
});

/** Deepgram error bodies are `{ err_code, err_msg, request_id }`. */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { err_msg: errMsg, message } = body as { err_msg?: unknown; message?: unknown };
  if (typeof errMsg === 'string') return errMsg;
  return typeof message === 'string' ? message : undefined;
}

function classifyDeepgramError(error: unknown): CallFailure {
  if (error instanceof DeepgramTimeoutError) return { type: 'timeout' };
  if (error instanceof DeepgramError) {
    if (error.statusCode !== undefined) {
      return {
        type: 'status',
        status: error.statusCode,
        retryAfterMs: parseRetryAfter(error.rawResponse?.headers.get('retry-after')),
        detail: errorDetail(bodyMessage(error.body)),
      };
    }
    const code = findErrorCode(error);
    if (code) return { type: 'network', code };
  }
  return { type: 'unknown', error };
}

export class DeepgramSpeechToText implements SpeechToText {
  readonly kind = 'deepgram' as const;
  private readonly client: DeepgramClient;
  private readonly logger: EngineLogger;
  private readonly model: string;
  private readonly service: ServiceInfo;

  constructor(private readonly options: DeepgramOptions) {
    this.logger = options.logger ?? silentLogger;
    this.model = options.model ?? DEEPGRAM_MODEL;
    this.client = new DeepgramClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      // Retries and timeouts are ours (http-retry.ts), the same for every cloud engine.
      maxRetries: 0,
      timeoutInSeconds: Math.ceil(options.timeoutMs / 1000) + 5,
    });
    this.service = {
      name: 'Deepgram',
      url: options.baseUrl,
      keyVariable: 'DEEPGRAM_API_KEY',
      urlVariable: 'DEEPGRAM_URL',
    };
  }

  describe(): string {
    return (
      `deepgram: Deepgram pre-recorded API at ${this.options.baseUrl}, model ${this.model} with ` +
      'smart formatting, punctuation and diarization; active because STT_ENGINE=deepgram ' +
      '(key from DEEPGRAM_API_KEY)'
    );
  }

  async check(): Promise<void> {
    if (!this.options.apiKey) {
      throw new SpeechToTextError('engine-unavailable', 'DEEPGRAM_API_KEY is not set.');
    }
  }

  async transcribe(audio: AudioInput, options: TranscribeOptions = {}): Promise<Transcript> {
    await this.check();
    const started = Date.now();
    const pcm = await prepareAudio(audio, this.options, {
      signal: options.signal,
      timeoutMs: this.options.timeoutMs,
    });
    // 16 kHz mono WAV: what was validated is what is sent, and it is small (1.9 MB a minute).
    const wav = encodeWav(pcm.samples);
    const body = await callWithRetries(
      (signal) =>
        this.client.listen.v1.media.transcribeFile(
          wav,
          { model: this.model, smart_format: true, punctuate: true, diarize: true },
          { abortSignal: signal, maxRetries: 0 },
        ),
      classifyDeepgramError,
      {
        service: this.service,
        policy: this.options.retry ?? DEFAULT_RETRY_POLICY,
        timeoutMs: this.options.timeoutMs,
        logger: this.logger,
        engine: this.kind,
        signal: options.signal,
      },
    );

    const parsed = responseSchema.safeParse(body);
    if (!parsed.success) {
      throw new SpeechToTextError(
        'engine-failed',
        'Deepgram returned a response without a transcript.',
        {
          cause: parsed.error,
        },
      );
    }
    const alternative = parsed.data.results.channels[0]?.alternatives[0];
    const words = (alternative?.words ?? []).map((item): TranscriptWord => {
      const word: TranscriptWord = {
        word: item.punctuated_word ?? item.word,
        start: item.start,
        end: item.end,
      };
      if (item.confidence !== undefined) word.confidence = item.confidence;
      if (item.speaker !== undefined) word.speaker = item.speaker;
      return word;
    });
    const durationSeconds = parsed.data.metadata?.duration ?? pcm.durationSeconds;
    this.logger.info(
      {
        engine: this.kind,
        audioSeconds: Math.round(durationSeconds * 1000) / 1000,
        seconds: (Date.now() - started) / 1000,
        words: words.length,
        speakers: new Set(words.map((word) => word.speaker)).size,
      },
      'speech-to-text finished',
    );
    return {
      text: alternative?.transcript ?? '',
      words,
      segments: segmentsFromWords(words),
      durationSeconds,
      engine: this.kind,
    };
  }
}
