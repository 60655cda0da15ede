import { API_PATHS, sessionVersionSchema } from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /api/patient-sessions/{id}/versions/{version}`: one saved version with its text. */
export const useSessionVersion = (sessionId: number, version: number | null) =>
  useQuery({
    queryKey: ['session-version', sessionId, version] as const,
    queryFn: async ({ signal }) =>
      sessionVersionSchema.parse(
        await apiClient.get(API_PATHS.sessionVersion(sessionId, version!), { signal }),
      ),
    enabled: version !== null,
    // A saved version never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
