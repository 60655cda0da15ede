import {
  API_PATHS,
  patientSessionSchema,
  type CreatePatientSessionInput,
  type PatientSession,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usageQueryKey } from './get-usage';

/**
 * `POST /api/patient-sessions/` (spec point 7). 403 `TRIAL_SESSIONS_EXHAUSTED` or
 * `UPGRADE_REQUIRED` carry the spec's limit message.
 */
async function createPatientSession(input: CreatePatientSessionInput): Promise<PatientSession> {
  return patientSessionSchema.parse(
    await apiClient.post(API_PATHS.patientSessions, { body: input }),
  );
}

export function useCreatePatientSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatientSession,
    // A session counts against the trial (and a refusal may mean the count moved elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
