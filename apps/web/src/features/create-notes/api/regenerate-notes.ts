import { API_PATHS, regenerateResponseSchema, type RegenerateResponse } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

type RegenerateNotesInput = {
  templateId: number;
  transcribedText: string;
  userInput: string;
  sessionId: number;
  prevGeneratedNotes: string;
};

/** `POST /api/deepgram/regenerate-notes` (spec point 7): one note rewritten per instruction. */
async function regenerateNotes(input: RegenerateNotesInput): Promise<RegenerateResponse> {
  return regenerateResponseSchema.parse(
    await apiClient.post(API_PATHS.regenerateNotes, { body: input }),
  );
}

export const useRegenerateNotes = () => useMutation({ mutationFn: regenerateNotes });
