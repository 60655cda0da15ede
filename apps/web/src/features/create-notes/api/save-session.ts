import { API_PATHS, type UpdatePatientSessionInput } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `PATCH /api/patient-sessions/{id}` (spec point 7): notes, duration and transcript. */
export async function saveSession({
  sessionId,
  update,
}: {
  sessionId: number;
  update: UpdatePatientSessionInput;
}): Promise<void> {
  await apiClient.patch(API_PATHS.patientSession(sessionId), { body: update });
}

export const useSaveSession = () => useMutation({ mutationFn: saveSession });
