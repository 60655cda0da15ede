import {
  API_PATHS,
  moreTemplatesResponseSchema,
  type GeneratedNoteOutput,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usageQueryKey } from './get-usage';

type GenerateMoreNotesInput = {
  selectedTemplates: number[];
  transcribedText: string;
  sessionId: number;
};

/**
 * `POST /api/deepgram/notes-with-more-templates` (spec point 7): notes for further templates
 * from the transcript the session already has, without uploading the audio again.
 */
async function generateMoreNotes(input: GenerateMoreNotesInput): Promise<GeneratedNoteOutput[]> {
  const body = await apiClient.post(API_PATHS.notesWithMoreTemplates, { body: input });
  return moreTemplatesResponseSchema.parse(body).outputs;
}

export function useGenerateMoreNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateMoreNotes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
