import type { SpeechEngineKind } from '@clerkly/contracts';
import type { AudioInput } from '../audio/decode-audio';

/**
 * The speech-to-text interface every engine implements (decision 003: every engine sits behind
 * one small interface with a registry keyed by name; issue 4). Callers see one transcript shape
 * and one error type whichever engine runs.
 */

export type { AudioInput } from '../audio/decode-audio';

export interface TranscriptWord {
  word: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** 0..1, where the engine reports it. */
  confidence?: number;
  /** 0-based speaker number, where the engine diarizes. */
  speaker?: number;
}

export interface TranscriptSegment {
  speaker?: number;
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  text: string;
  words: TranscriptWord[];
  /** Utterances or speaker turns, where the engine gives them. */
  segments?: TranscriptSegment[];
  durationSeconds: number;
  engine: SpeechEngineKind;
}

export interface TranscribeOptions {
  signal?: AbortSignal;
  /**
   * Words and phrases likely in this recording (the clinician's common conditions, their
   * templates' topics): engines that can, bias recognition towards them (issue 15).
   */
  vocabulary?: readonly string[];
  /**
   * Issue 25: whether a clinician is waiting for this transcript now (their session is stopped).
   * A local engine then spreads it over every core at normal CPU priority; otherwise (a draft of
   * a session still recording) it uses one decoder at a lower priority, so waiting clinicians
   * and note writing get the CPU first. Default: waiting. Remote engines ignore it.
   */
  waiting?: boolean;
}

export interface SpeechToText {
  readonly kind: SpeechEngineKind;
  transcribe(audio: AudioInput, options?: TranscribeOptions): Promise<Transcript>;
  /** One line for the boot log: which engine, where, and why it is the one running. */
  describe(): string;
  /**
   * Throws `engine-unavailable` when the engine cannot run here (binary or model missing).
   * Cloud engines check their configuration only: boot must not depend on the network.
   */
  check(): Promise<void>;
  /** Stops what the engine keeps running between transcripts (warm decoders), at shutdown. */
  close?(): Promise<void>;
}

export type SpeechToTextErrorKind =
  'bad-audio' | 'too-large' | 'engine-unavailable' | 'engine-failed' | 'timeout';

/** HTTP status a route should answer with: the user's fault is 4xx, ours or a vendor's 5xx. */
const STATUS_BY_KIND: Record<SpeechToTextErrorKind, number> = {
  'bad-audio': 400,
  'too-large': 413,
  'engine-unavailable': 503,
  'engine-failed': 502,
  timeout: 504,
};

/**
 * Every failure of every engine. The message is safe to show and to log: it never contains
 * transcript text or audio content (privacy), nor a credential.
 */
export class SpeechToTextError extends Error {
  override readonly name = 'SpeechToTextError';
  readonly statusCode: number;
  constructor(
    readonly kind: SpeechToTextErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.statusCode = STATUS_BY_KIND[kind];
  }
}

/** The subset of pino's (and Fastify's) logger the engines use. */
export interface EngineLogger {
  debug(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export const silentLogger: EngineLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
};

/**
 * The transcript as plain text, one `Speaker N: ...` line per turn when the engine diarized
 * (the form the notes engine reads speaker tags from), else the text as it came.
 */
export function transcriptText(transcript: Transcript): string {
  const turns = transcript.segments ?? [];
  if (!turns.some((turn) => turn.speaker !== undefined)) return transcript.text;
  const lines: string[] = [];
  turns.forEach((turn, i) => {
    // Consecutive segments of the same speaker read as one turn.
    if (i > 0 && turns[i - 1]?.speaker === turn.speaker) {
      lines[lines.length - 1] = `${lines.at(-1) ?? ''} ${turn.text}`;
    } else {
      const label = turn.speaker === undefined ? '' : `Speaker ${turn.speaker}: `;
      lines.push(`${label}${turn.text}`);
    }
  });
  return lines.join('\n');
}

/** Groups words into speaker turns, breaking on a change of speaker or a long pause. */
export function segmentsFromWords(
  words: TranscriptWord[],
  maxPauseSeconds = 2,
): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: (TranscriptSegment & { parts: string[] }) | null = null;
  for (const word of words) {
    if (
      current &&
      current.speaker === word.speaker &&
      word.start - current.end <= maxPauseSeconds
    ) {
      current.parts.push(word.word);
      current.end = word.end;
      continue;
    }
    if (current) segments.push(closeSegment(current));
    current = {
      speaker: word.speaker,
      start: word.start,
      end: word.end,
      text: '',
      parts: [word.word],
    };
  }
  if (current) segments.push(closeSegment(current));
  return segments;
}

function closeSegment(segment: TranscriptSegment & { parts: string[] }): TranscriptSegment {
  const closed: TranscriptSegment = {
    start: segment.start,
    end: segment.end,
    text: segment.parts.join(' '),
  };
  if (segment.speaker !== undefined) closed.speaker = segment.speaker;
  return closed;
}
