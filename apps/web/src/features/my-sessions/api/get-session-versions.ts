import { API_PATHS, sessionVersionsSchema } from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /api/patient-sessions/{id}/versions` (issue 23): a session's saved versions, no text. */
const sessionVersionsKey = (sessionId: number) => ['session-versions', sessionId] as const;

export const useSessionVersions = (sessionId: number, enabled: boolean) =>
  useQuery({
    queryKey: sessionVersionsKey(sessionId),
    queryFn: async ({ signal }) =>
      sessionVersionsSchema.parse(
        await apiClient.get(API_PATHS.sessionVersions(sessionId), { signal }),
      ),
    enabled,
  });
