import { API_PATHS, generationSchema, type Generation } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/** `POST /api/generations/{id}/retry` (issue 9): a failed generation, started again. */
export async function retryGeneration(id: number): Promise<Generation> {
  return generationSchema.parse(await apiClient.post(API_PATHS.generationRetry(id)));
}
