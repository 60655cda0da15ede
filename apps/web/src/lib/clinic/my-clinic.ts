import { API_PATHS, myClinicSchema } from '@clerkly/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** Every clinic read is under this key, so a change to the clinic refreshes them all. */
export const clinicQueryKey = ['clinic'] as const;

/**
 * `GET /api/clinic`: the caller's clinic (issue 29), or null for a clinician on their own.
 * Shared: the Clinic pages manage it, the Subscription page shows the plan it pays for.
 */
export const useMyClinic = () =>
  useQuery({
    queryKey: clinicQueryKey,
    queryFn: async ({ signal }) =>
      myClinicSchema.parse(await apiClient.get(API_PATHS.clinic, { signal })).clinic,
  });
