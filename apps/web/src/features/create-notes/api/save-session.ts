import {
  API_PATHS,
  SAVE_CONFLICT,
  saveSessionResponseSchema,
  type SaveSessionResponse,
  type UpdatePatientSessionInput,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiClient } from '../../../lib/api-client';
import { TEMPLATE_STYLES_KEY } from '../../../lib/template-style';

/**
 * `PATCH /api/patient-sessions/{id}` (spec point 7): notes, duration and transcript, based on
 * `update.baseVersion`. Answers the session's new version.
 */
async function saveSession({
  sessionId,
  update,
}: {
  sessionId: number;
  update: UpdatePatientSessionInput;
}): Promise<SaveSessionResponse> {
  return saveSessionResponseSchema.parse(
    await apiClient.patch(API_PATHS.patientSession(sessionId), { body: update }),
  );
}

/** 409: the session was saved elsewhere since this copy was loaded (issue 11). */
export const isSaveConflict = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 409 && error.code === SAVE_CONFLICT.code;

export const useSaveSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    // Issue 27: a save teaches the templates' styles; what the note view shows is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATE_STYLES_KEY }),
  });
};
