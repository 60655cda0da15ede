import { API_PATHS, recordEndpointSchema } from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * `GET /api/record-endpoint` (issue 28): whether this clinic has a record system to send notes
 * to. The deployment's setting, so it is read once per page load.
 */
export const useRecordEndpoint = () =>
  useQuery({
    queryKey: ['record-endpoint'],
    queryFn: async ({ signal }) =>
      recordEndpointSchema.parse(await apiClient.get(API_PATHS.recordEndpoint, { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
