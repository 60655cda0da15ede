import { setTimeout as sleep } from 'node:timers/promises';
import { SpeechToTextError, type EngineLogger, type SpeechToTextErrorKind } from './speech-to-text';

/**
 * Timeouts, retries and error wording shared by the cloud engines (issue 4: "timeouts and
 * retries on 429/5xx, at most 3 attempts, and a clear error when the endpoint is down"). The
 * SDKs' own retries are switched off so both engines follow these rules exactly.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** Also caps a server's Retry-After, so a hostile header cannot park a job for an hour. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
};

/** What went wrong with one call, as far as retrying and wording are concerned. */
export type CallFailure =
  | { type: 'status'; status: number; retryAfterMs?: number; detail?: string }
  | { type: 'network'; code: string | undefined }
  | { type: 'timeout' }
  | { type: 'unknown'; error: unknown };

export interface ServiceInfo {
  /** As the operator knows it: "Deepgram", "the OpenAI-compatible endpoint". */
  name: string;
  url: string;
  /** Variables to point the operator at: the key and the URL. */
  keyVariable: string;
  urlVariable: string;
}

export interface CallContext {
  service: ServiceInfo;
  policy: RetryPolicy;
  timeoutMs: number;
  logger: EngineLogger;
  engine: string;
  signal?: AbortSignal;
}

const RETRYABLE_NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function isRetryable(failure: CallFailure): boolean {
  if (failure.type === 'status') return failure.status === 429 || failure.status >= 500;
  if (failure.type === 'network') return RETRYABLE_NETWORK_CODES.has(failure.code ?? '');
  return false;
}

export async function callWithRetries<T>(
  call: (signal: AbortSignal) => Promise<T>,
  classify: (error: unknown) => CallFailure,
  context: CallContext,
): Promise<T> {
  const { policy, signal: callerSignal } = context;
  for (let attempt = 1; ; attempt += 1) {
    callerSignal?.throwIfAborted();
    const timeout = AbortSignal.timeout(context.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    try {
      return await call(signal);
    } catch (error) {
      callerSignal?.throwIfAborted();
      const failure: CallFailure = timeout.aborted ? { type: 'timeout' } : classify(error);
      if (!isRetryable(failure) || attempt >= policy.attempts) {
        throw failureToError(failure, context, attempt, error);
      }
      const backoff = policy.baseDelayMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
      const delayMs = Math.round(
        Math.min(
          policy.maxDelayMs,
          failure.type === 'status' ? (failure.retryAfterMs ?? backoff) : backoff,
        ),
      );
      context.logger.warn(
        {
          engine: context.engine,
          attempt,
          ...(failure.type === 'status' ? { status: failure.status } : { code: failure.type }),
          delayMs,
        },
        'speech-to-text request failed; retrying',
      );
      await sleep(delayMs, undefined, { signal: callerSignal });
    }
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted TLS certificate',
};

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port
      ? parsed.host
      : `${parsed.hostname}:${parsed.protocol === 'http:' ? 80 : 443}`;
  } catch {
    return url;
  }
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function failureToError(
  failure: CallFailure,
  context: CallContext,
  attempts: number,
  cause: unknown,
): SpeechToTextError {
  const [kind, message] = describeFailure(failure, context, attempts);
  return new SpeechToTextError(kind, sentence(message), { cause });
}

function describeFailure(
  failure: CallFailure,
  context: CallContext,
  attempts: number,
): [SpeechToTextErrorKind, string] {
  const { name, url, keyVariable, urlVariable } = context.service;
  const tries = attempts === 1 ? '' : ` after ${attempts} attempts`;
  switch (failure.type) {
    case 'timeout':
      return [
        'timeout',
        `${name} did not answer within ${Math.round(context.timeoutMs / 1000)} s.`,
      ];
    case 'network': {
      const reason = NETWORK_REASONS[failure.code ?? ''] ?? failure.code ?? 'network error';
      return ['engine-unavailable', `Cannot reach ${name} at ${hostOf(url)} (${reason})${tries}.`];
    }
    case 'unknown':
      return ['engine-failed', `${name} failed unexpectedly.`];
    case 'status': {
      const { status, detail } = failure;
      if (status === 401 || status === 403) {
        return [
          'engine-failed',
          `${name} rejected the credentials (HTTP ${status}); check ${keyVariable}.`,
        ];
      }
      if (status === 404) {
        return [
          'engine-failed',
          `${name} has no transcription endpoint at ${url} (HTTP 404); check ${urlVariable}.`,
        ];
      }
      if (status === 429)
        return ['engine-failed', `${name} is rate limiting requests (HTTP 429)${tries}.`];
      if (status >= 500) return ['engine-failed', `${name} failed with HTTP ${status}${tries}.`];
      return [
        'engine-failed',
        `${name} rejected the request (HTTP ${status})${detail ? `: ${detail}` : ''}.`,
      ];
    }
  }
}

/** The first `code` found on an error, its causes, or an AggregateError's members. */
export function findErrorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 6 || typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
  const fromCause = findErrorCode(cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(errors)) {
    for (const member of errors) {
      const found = findErrorCode(member, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Retry-After as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A short, single-line excerpt of a vendor's error text for the operator. */
export function errorDetail(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
