import { API_PATHS, sessionTranscriptSchema, type SessionTranscript } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

export const sessionTranscriptQueryKey = (sessionId: number) =>
  ['session-transcript', sessionId] as const;

/** `GET /api/patient-sessions/{id}/transcript` (issue 9): the live, draft transcript. */
export async function getSessionTranscript(
  sessionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SessionTranscript> {
  return sessionTranscriptSchema.parse(
    await apiClient.get(API_PATHS.sessionTranscript(sessionId), { signal }),
  );
}
