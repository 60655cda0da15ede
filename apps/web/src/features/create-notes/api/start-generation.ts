import {
  API_PATHS,
  generationSchema,
  type Generation,
  type StartGeneration,
} from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/patient-sessions/{id}/generations` (issue 9): notes from the segments
 * 0..segmentCount-1, written as background jobs; answers at once with the generation to follow.
 */
export async function startGeneration(
  sessionId: number,
  input: StartGeneration,
): Promise<Generation> {
  return generationSchema.parse(
    await apiClient.post(API_PATHS.sessionGenerations(sessionId), { body: input }),
  );
}
