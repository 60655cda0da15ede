import { apiErrorSchema } from '@clerkly/contracts';
import { z } from 'zod';

/**
 * The one way the SPA talks to apps/api: same-origin paths, the session cookie
 * (`credentials: 'include'`), JSON in and out, and typed errors.
 * Callers validate the `unknown` result with the shared contracts schema for that call.
 */

/** An HTTP response with a non-2xx status. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

/** The request never got an HTTP response (offline, DNS, connection reset, CORS...). */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
}

/** Spec point 8: throttling and transient server failures are worth another attempt. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Spec points 8 and 9: at most 3 attempts in total. */
const MAX_REQUEST_ATTEMPTS = 3;

export function isRetryableError(error: unknown): boolean {
  if (error instanceof ApiNetworkError) return true;
  return error instanceof ApiRequestError && RETRYABLE_STATUSES.has(error.status);
}

/** TanStack Query `retry`: `failureCount` counts the failures before this one (0 on the first). */
export function shouldRetryRequest(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_REQUEST_ATTEMPTS - 1 && isRetryableError(error);
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

// better-auth answers its own routes with a flat `{ code?, message }` instead of our envelope.
const flatErrorSchema = z.object({ code: z.string().optional(), message: z.string() });

function toRequestError(response: Response, body: unknown): ApiRequestError {
  const { status } = response;
  const wrapped = apiErrorSchema.safeParse(body);
  if (wrapped.success) return new ApiRequestError({ status, ...wrapped.data.error });
  const flat = flatErrorSchema.safeParse(body);
  return new ApiRequestError({
    status,
    code: (flat.success ? flat.data.code : undefined) ?? `HTTP_${status}`,
    message: flat.success
      ? flat.data.message
      : response.statusText || `Request failed with status ${status}`,
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type RequestOptions = {
  /** JSON-serialisable value, `FormData` for multipart uploads, or a `Blob` sent as it is. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
};

async function request(method: string, path: string, options: RequestOptions = {}) {
  const { body, signal, headers } = options;
  const isRaw = body instanceof FormData || body instanceof Blob;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body instanceof Blob && body.type !== '' ? { 'Content-Type': body.type } : {}),
      ...(body !== undefined && !isRaw ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    signal: signal ?? null,
  };
  if (body !== undefined) init.body = isRaw ? body : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    // A cancelled request is not a network failure; let the caller see the abort.
    if (signal?.aborted) throw error;
    throw new ApiNetworkError('Network Error', { cause: error });
  }

  const responseBody = await readBody(response);
  if (!response.ok) throw toRequestError(response, responseBody);
  return responseBody;
}

/** The file name of a `Content-Disposition: attachment` header (RFC 6266), UTF-8 form first. */
function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Malformed: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** A file the API makes (an export, issue 28): its bytes and the name the server gives it. */
async function getFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch (error) {
    throw new ApiNetworkError('Network Error', { cause: error });
  }
  if (!response.ok) throw toRequestError(response, await readBody(response));
  return {
    blob: await response.blob(),
    fileName: attachmentFileName(response.headers.get('content-disposition')),
  };
}

export const apiClient = {
  get: (path: string, options?: Omit<RequestOptions, 'body'>) => request('GET', path, options),
  post: (path: string, options?: RequestOptions) => request('POST', path, options),
  put: (path: string, options?: RequestOptions) => request('PUT', path, options),
  patch: (path: string, options?: RequestOptions) => request('PATCH', path, options),
  delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
  getFile,
};
