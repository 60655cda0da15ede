import { API_PATHS, appointmentTypeSchema, type AppointmentType } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const MINUTE = 60_000;

/** `GET /api/appointment-type/` (spec point 7). */
async function getAppointmentTypes({ signal }: { signal?: AbortSignal } = {}): Promise<
  AppointmentType[]
> {
  return appointmentTypeSchema
    .array()
    .parse(await apiClient.get(API_PATHS.appointmentTypes, { signal }));
}

export const appointmentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['appointment-types'] as const,
    queryFn: ({ signal }) => getAppointmentTypes({ signal }),
    // Spec point 9: appointment types are 5 minutes fresh and cached for 10.
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
  });

export const useAppointmentTypes = () => useQuery(appointmentTypesQueryOptions());
