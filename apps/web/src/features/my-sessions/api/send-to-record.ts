import { API_PATHS, recordSendSchema } from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordSendsKey } from './get-record-sends';

/**
 * `POST /api/patient-sessions/{id}/notes/{templateId}/send-to-record` (issue 28): queues the
 * saved note for the clinic's record system; also the Retry of a failed send.
 */
export function useSendToRecord(sessionId: number, templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      recordSendSchema.parse(await apiClient.post(API_PATHS.sendToRecord(sessionId, templateId))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordSendsKey(sessionId) }),
        queryClient.invalidateQueries({ queryKey: ['session-activity'] }),
      ]),
  });
}
