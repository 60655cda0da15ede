import { ApiRequestError } from './api-client';

/**
 * The server's own message for a failed request, or `fallback`. Spec point 8 words several
 * toasts as "the provider's message, or ..." (sign-up, forgot password). A response without a
 * JSON error body (the api-client then makes up the code `HTTP_<status>`, e.g. from a proxy's
 * 502 page) has no message of the provider's.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const fromServer =
    error instanceof ApiRequestError &&
    error.code !== `HTTP_${error.status}` &&
    error.message.trim() !== '';
  return fromServer ? error.message : fallback;
}
