import {
  API_PATHS,
  clientAuditEventSchema,
  sessionActivitySchema,
  type ClientAuditEvent,
} from '@clerkly/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * A session's audit trail (issue 23): `GET /api/patient-sessions/{id}/activity`, and the events
 * only the browser sees (a note copied or exported), reported with a POST to the same path.
 */
const activityKey = (sessionId: number) => ['session-activity', sessionId] as const;

export const useSessionActivity = (sessionId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: activityKey(sessionId ?? 0),
    queryFn: async ({ signal }) =>
      sessionActivitySchema.parse(
        await apiClient.get(API_PATHS.sessionActivity(sessionId!), { signal }),
      ),
    enabled: enabled && sessionId !== null,
  });

/**
 * Reports a copy or an export to the session's trail. The clinician already has the note, so a
 * failed report is logged and not shown: the toast answers the copy, not the record of it.
 */
export async function reportNoteActivity(
  queryClient: QueryClient,
  sessionId: number,
  event: ClientAuditEvent,
): Promise<void> {
  try {
    await apiClient.post(API_PATHS.sessionActivity(sessionId), {
      body: clientAuditEventSchema.parse(event),
    });
  } catch (error) {
    console.warn('The activity could not be recorded.', error);
  }
  await queryClient.invalidateQueries({ queryKey: activityKey(sessionId) });
}
