import { API_PATHS, sessionRecordSendsSchema } from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** While a send waits or is retried, its state is read again this often. */
const QUEUED_POLL_MS = 1000;

export const recordSendsKey = (sessionId: number) => ['record-sends', sessionId] as const;

/**
 * `GET /api/patient-sessions/{id}/record-sends` (issue 28): where each note's hand-off to the
 * record stands. Polled while one is queued, so "Sent to record" or the failure shows by itself.
 */
export const useRecordSends = (sessionId: number, enabled: boolean) =>
  useQuery({
    queryKey: recordSendsKey(sessionId),
    queryFn: async ({ signal }) =>
      sessionRecordSendsSchema.parse(
        await apiClient.get(API_PATHS.sessionRecordSends(sessionId), { signal }),
      ),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.sends.some((send) => send.status === 'queued') ? QUEUED_POLL_MS : false,
  });
