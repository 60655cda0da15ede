import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import type { TranscriptionCreateParamsNonStreaming } from 'openai/resources/audio/transcriptions';
import { z } from 'zod';
import { planChunks } from '../audio/split-at-silences';
import { TARGET_SAMPLE_RATE, encodeWav } from '../audio/wav';
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
import { runInParallel } from './run-in-parallel';
import {
  SpeechToTextError,
  silentLogger,
  type AudioInput,
  type EngineLogger,
  type SpeechToText,
  type TranscribeOptions,
  type Transcript,
  type TranscriptSegment,
  type TranscriptWord,
} from './speech-to-text';

/**
 * Any OpenAI-compatible `/v1/audio/transcriptions` endpoint (issue 4): OpenAI, Groq, a
 * self-hosted faster-whisper or whisper.cpp server. Word and segment times are asked for
 * (`verbose_json`) where the model offers them, speakers where it diarizes, and plain text
 * otherwise.
 */

export interface OpenAiSttOptions extends AudioLimits {
  /** The service root (`http://localhost:8000`, `https://api.groq.com/openai/v1`, ...). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Per request. */
  timeoutMs: number;
  logger?: EngineLogger;
  retry?: RetryPolicy;
  /**
   * Longer audio is sent in pieces cut at pauses: OpenAI refuses uploads over 25 MB, and ten
   * minutes of 16 kHz mono WAV is 19 MB.
   */
  maxChunkSeconds?: number;
  /** Pieces in flight at once; a hosted API rate-limits, a local server has few GPUs. */
  concurrency?: number;
}

type ResponseFormat = 'verbose_json' | 'diarized_json' | 'json';

/**
 * `http://host:8000` → `http://host:8000/v1`; a full `.../v1/audio/transcriptions` → `.../v1`.
 * Any other path (Groq's `/openai/v1`) is the operator's and kept.
 */
export function normalizeBaseUrl(url: string): string {
  const parsed = new URL(url);
  let pathname = parsed.pathname.replace(/\/+$/, '').replace(/\/audio\/transcriptions$/, '');
  if (pathname === '') pathname = '/v1';
  parsed.pathname = pathname;
  return parsed.toString().replace(/\/+$/, '');
}

/** gpt-4o transcription models answer `json` only; the diarizing one has its own format. */
function formatFor(model: string): ResponseFormat {
  if (/diarize/i.test(model)) return 'diarized_json';
  if (/^gpt-4o/i.test(model)) return 'json';
  return 'verbose_json';
}

/**
 * One timed word. OpenAI and faster-whisper servers (speaches) give whole words with their
 * punctuation (" Hi,"); whisper.cpp's server gives its tokens under each segment's `words`
 * (" Hi", ",", " head", "ache"), already converted from centiseconds to seconds, plus `t_dtw`.
 */
const timedWordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  probability: z.number().nullish(),
});

// speaches writes every unset field as `null` (pydantic's model_dump_json), so optional
// fields accept null as well as absence.
const responseSchema = z.object({
  text: z.string(),
  duration: z.coerce.number().nullish(),
  words: z.array(timedWordSchema).nullish(),
  segments: z
    .array(
      z.object({
        // whisper.cpp leaves the times out when started with --no-timestamps.
        start: z.number().nullish(),
        end: z.number().nullish(),
        text: z.string(),
        speaker: z.union([z.string(), z.number()]).nullish(),
        words: z.array(timedWordSchema).nullish(),
      }),
    )
    .nullish(),
});

function classifyOpenAiError(error: unknown): CallFailure {
  if (error instanceof APIConnectionTimeoutError) return { type: 'timeout' };
  if (error instanceof APIError && !(error instanceof APIUserAbortError)) {
    if (typeof error.status === 'number') {
      const body: unknown = error.error;
      const message =
        typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
      return {
        type: 'status',
        status: error.status,
        retryAfterMs: parseRetryAfter(
          error.headers instanceof Headers ? error.headers.get('retry-after') : undefined,
        ),
        detail: errorDetail(message),
      };
    }
    const code = findErrorCode(error);
    if (code) return { type: 'network', code };
  }
  return { type: 'unknown', error };
}

interface Piece {
  text: string;
  words: TranscriptWord[];
  segments: TranscriptSegment[];
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

export class OpenAiSpeechToText implements SpeechToText {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly logger: EngineLogger;
  private readonly baseUrl: string;
  private readonly service: ServiceInfo;
  private format: ResponseFormat;

  constructor(private readonly options: OpenAiSttOptions) {
    this.logger = options.logger ?? silentLogger;
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.format = formatFor(options.model);
    this.client = new OpenAI({
      baseURL: this.baseUrl,
      // Self-hosted servers take no key; the SDK insists on one, and they ignore it.
      apiKey: options.apiKey ?? 'no-key',
      maxRetries: 0,
      timeout: options.timeoutMs + 5_000,
    });
    this.service = {
      name: 'the OpenAI-compatible speech-to-text service',
      url: this.baseUrl,
      keyVariable: 'STT_API_KEY',
      urlVariable: 'STT_URL',
    };
  }

  describe(): string {
    return (
      `openai: OpenAI-compatible transcription endpoint ${this.baseUrl}/audio/transcriptions, ` +
      `model ${this.options.model} (${this.format}), API key ${this.options.apiKey ? 'set' : 'not set'}; ` +
      'active because STT_ENGINE=openai (STT_URL, STT_MODEL, STT_API_KEY)'
    );
  }

  async check(): Promise<void> {
    // The constructor already parsed the URL; nothing else can be known without the network.
  }

  async transcribe(audio: AudioInput, options: TranscribeOptions = {}): Promise<Transcript> {
    const started = Date.now();
    const pcm = await prepareAudio(audio, this.options, {
      signal: options.signal,
      timeoutMs: this.options.timeoutMs,
    });
    const chunks = planChunks(pcm.samples, {
      maxChunkSeconds: this.options.maxChunkSeconds ?? 600,
      minChunkSeconds: Number.POSITIVE_INFINITY,
      parallelism: 1,
    });
    const pieces = await runInParallel(
      chunks,
      this.options.concurrency ?? 2,
      (chunk, _index, signal) =>
        this.transcribePiece(
          encodeWav(pcm.samples.subarray(chunk.start, chunk.end)),
          chunk.start / TARGET_SAMPLE_RATE,
          signal,
        ),
      options.signal,
    );
    const words = pieces.flatMap((piece) => piece.words);
    const segments = pieces.flatMap((piece) => piece.segments);
    this.logger.info(
      {
        engine: this.kind,
        audioSeconds: round(pcm.durationSeconds),
        chunks: chunks.length,
        seconds: (Date.now() - started) / 1000,
        words: words.length,
        format: this.format,
      },
      'speech-to-text finished',
    );
    const transcript: Transcript = {
      text: pieces
        .map((piece) => piece.text)
        .filter(Boolean)
        .join(' '),
      words,
      durationSeconds: pcm.durationSeconds,
      engine: this.kind,
    };
    if (segments.length > 0) transcript.segments = segments;
    return transcript;
  }

  private async transcribePiece(wav: Buffer, offset: number, signal: AbortSignal): Promise<Piece> {
    const format = this.format;
    try {
      return await this.request(wav, offset, format, signal);
    } catch (error) {
      // Servers that do not do timestamps say so with a 400; plain text is still a transcript.
      if (format !== 'json' && isFormatRefusal(error)) {
        this.logger.warn(
          { engine: this.kind, format },
          'speech-to-text endpoint refused timestamps; using plain text',
        );
        this.format = 'json';
        return this.request(wav, offset, 'json', signal);
      }
      throw error;
    }
  }

  private async request(
    wav: Buffer,
    offset: number,
    format: ResponseFormat,
    signal: AbortSignal,
  ): Promise<Piece> {
    const params: TranscriptionCreateParamsNonStreaming = {
      file: await toFile(wav, 'audio.wav', { type: 'audio/wav' }),
      model: this.options.model,
      response_format: format,
    };
    if (format === 'verbose_json') params.timestamp_granularities = ['word', 'segment'];
    if (format === 'diarized_json') params.chunking_strategy = 'auto';

    const body: unknown = await callWithRetries(
      (attemptSignal) =>
        this.client.audio.transcriptions.create(params, { signal: attemptSignal, maxRetries: 0 }),
      classifyOpenAiError,
      {
        service: this.service,
        policy: this.options.retry ?? DEFAULT_RETRY_POLICY,
        timeoutMs: this.options.timeoutMs,
        logger: this.logger,
        engine: this.kind,
        signal,
      },
    );
    const parsed = responseSchema.safeParse(body);
    if (!parsed.success) {
      // whisper.cpp's server answers some failures with HTTP 200 and `{"error": "..."}`.
      const detail =
        typeof body === 'object' && body !== null && 'error' in body
          ? errorDetail(body.error)
          : undefined;
      throw new SpeechToTextError(
        'engine-failed',
        detail
          ? `The OpenAI-compatible speech-to-text service answered with an error: ${detail}`
          : 'The OpenAI-compatible speech-to-text service returned a response without a transcript.',
        { cause: parsed.error },
      );
    }
    return toPiece(parsed.data, offset);
  }
}

function isFormatRefusal(error: unknown): boolean {
  if (!(error instanceof SpeechToTextError) || error.kind !== 'engine-failed') return false;
  const cause = error.cause;
  return (
    cause instanceof APIError &&
    (cause.status === 400 || cause.status === 422) &&
    /response_format|verbose_json|diarized_json|timestamp/i.test(cause.message)
  );
}

type TimedWord = z.infer<typeof timedWordSchema>;

/**
 * The response's words: the top-level list where the server gives one (OpenAI, speaches);
 * else whisper.cpp's per-segment tokens, joined into words. A token that does not start with a
 * space continues the word before it, across segment boundaries too (whisper.cpp cuts segments
 * at 60 characters, at a token); the word's confidence is its weakest token's.
 */
function timedWords(response: z.infer<typeof responseSchema>): TimedWord[] {
  if (response.words && response.words.length > 0) return response.words;
  const joined: TimedWord[] = [];
  for (const token of (response.segments ?? []).flatMap((segment) => segment.words ?? [])) {
    const previous = joined.at(-1);
    if (previous && token.word !== '' && !/^\s/.test(token.word)) {
      previous.word += token.word;
      previous.end = token.end;
      if (typeof token.probability === 'number' && typeof previous.probability === 'number') {
        previous.probability = Math.min(previous.probability, token.probability);
      }
    } else {
      joined.push({ ...token });
    }
  }
  return joined;
}

function toPiece(response: z.infer<typeof responseSchema>, offset: number): Piece {
  const speakers = new Map<string, number>();
  const speakerNumber = (label: string | number): number => {
    const key = String(label);
    if (!speakers.has(key)) speakers.set(key, speakers.size);
    return speakers.get(key) ?? 0;
  };
  const words = timedWords(response)
    .map((item): TranscriptWord => {
      const word: TranscriptWord = {
        // Whisper servers keep the leading space of each token.
        word: item.word.trim(),
        start: round(item.start + offset),
        end: round(item.end + offset),
      };
      if (typeof item.probability === 'number') word.confidence = item.probability;
      return word;
    })
    .filter((word) => word.word !== '');
  const segments = (response.segments ?? [])
    .flatMap((item): TranscriptSegment[] => {
      if (typeof item.start !== 'number' || typeof item.end !== 'number') return [];
      const segment: TranscriptSegment = {
        start: round(item.start + offset),
        end: round(item.end + offset),
        text: item.text.trim(),
      };
      if (item.speaker !== undefined && item.speaker !== null) {
        segment.speaker = speakerNumber(item.speaker);
      }
      return [segment];
    })
    .filter((segment) => segment.text !== '');
  // whisper.cpp ends every segment of `text` with a newline; the transcript is one paragraph.
  return { text: response.text.replace(/\s+/g, ' ').trim(), words, segments };
}
