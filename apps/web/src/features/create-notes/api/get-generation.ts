import { API_PATHS, generationSchema, type Generation } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/** `GET /api/generations/{id}` (issue 9): where a generation stands, then its notes. */
export async function getGeneration(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Generation> {
  return generationSchema.parse(await apiClient.get(API_PATHS.generation(id), { signal }));
}
