import {
  API_PATHS,
  patientSessionDetailSchema,
  type PatientSessionDetail,
} from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * `GET /api/patient-sessions/{id}`: a session's notes with their text. My Sessions' list carries
 * no note text (issue 13); a note's text is fetched when the clinician opens it.
 */
async function getSessionNotes(
  sessionId: number,
  signal?: AbortSignal,
): Promise<PatientSessionDetail> {
  return patientSessionDetailSchema.parse(
    await apiClient.get(API_PATHS.patientSession(sessionId), { signal }),
  );
}

export const useSessionNotes = (sessionId: number | null) =>
  useQuery({
    queryKey: ['session-notes', sessionId] as const,
    queryFn: ({ signal }) => getSessionNotes(sessionId!, signal),
    enabled: sessionId !== null,
  });
