import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError, shouldRetryRequest } from './api-client';

export type CreateQueryClientOptions = {
  /** Called when any query or mutation fails with HTTP 401 (the session is gone). */
  onUnauthorized?: (queryClient: QueryClient) => void;
  /** Delay between attempts; TanStack's exponential backoff when omitted. */
  retryDelay?: number;
};

export function createQueryClient({
  onUnauthorized,
  retryDelay,
}: CreateQueryClientOptions = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthorizedError(error)) onUnauthorized?.(queryClient);
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: shouldRetryRequest,
        ...(retryDelay === undefined ? {} : { retryDelay }),
      },
      // Writes are not idempotent (a 502 may hide a session that was created), so they are
      // never repeated behind the user's back.
      mutations: { retry: false },
    },
  });
  return queryClient;
}
