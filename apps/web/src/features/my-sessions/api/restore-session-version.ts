import {
  API_PATHS,
  restoreSessionVersionSchema,
  saveSessionResponseSchema,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/patient-sessions/{id}/versions/{version}/restore`: the version's notes and
 * transcript saved again as a new version. Everything that shows the session is refreshed.
 */
export function useRestoreSessionVersion(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; baseVersion: number }) =>
      saveSessionResponseSchema.parse(
        await apiClient.post(API_PATHS.restoreSessionVersion(sessionId, input.version), {
          body: restoreSessionVersionSchema.parse({ baseVersion: input.baseVersion }),
        }),
      ),
    onSettled: () =>
      Promise.all(
        ['session-versions', 'session-notes', 'session-activity', 'saved-sessions'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
