import {
  API_PATHS,
  clinicAuditPageSchema,
  clinicInvitationSchema,
  clinicRetentionSchema,
  clinicSchema,
  clinicTemplateSchema,
  myClinicSchema,
  templateSchema,
  type ClinicAuditQuery,
  type ClinicRetention,
  type ClinicRole,
} from '@clerkly/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { clinicQueryKey } from '../../../lib/clinic/my-clinic';

/**
 * The caller's clinic (issue 29). Every change refreshes the clinic and all template lists
 * (the `templates` key), since membership decides which shared templates a clinician sees.
 */

function useClinicChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clinicQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['templates'] }),
      ]);
    },
  });
}

export const useCreateClinic = () =>
  useClinicChange(async (name: string) =>
    clinicSchema.parse(await apiClient.post(API_PATHS.clinic, { body: { name } })),
  );

export const useInvite = () =>
  useClinicChange((body: { email: string; role: ClinicRole }) =>
    apiClient.post(API_PATHS.clinicInvitations, { body }),
  );

/** Pending invitations (owners and admins): neither used, cancelled nor expired. */
export const useClinicInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: ['clinic', 'invitations'] as const,
    enabled,
    queryFn: async ({ signal }) =>
      clinicInvitationSchema
        .array()
        .parse(await apiClient.get(API_PATHS.clinicInvitations, { signal })),
  });

export const useCancelInvitation = () =>
  useClinicChange((id: number) => apiClient.delete(API_PATHS.clinicInvitation(id)));

/** A read of the clinic's own things: under the `clinic` key, but not the clinic itself. */
const isClinicRead = (query: { queryKey: readonly unknown[] }) => query.queryKey.length > 1;

/**
 * The caller leaves their clinic (docs/decisions/028); their own sessions stay theirs. Once out,
 * the clinic's own reads (templates, invitations, audit, retention) would answer 404: they are
 * dropped rather than refetched while the page still shows them, and the clinic is known to be
 * none, as the server answered.
 */
export const useLeaveClinic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      myClinicSchema.parse(await apiClient.post(API_PATHS.clinicLeave)).clinic,
    onSuccess: async (clinic) => {
      queryClient.setQueryData(clinicQueryKey, clinic);
      queryClient.removeQueries({ queryKey: clinicQueryKey, predicate: isClinicRead });
      queryClient.removeQueries({ queryKey: ['templates', 'clinic'] });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
  });
};

export const useAcceptInvitation = () =>
  useClinicChange(async (token: string) =>
    clinicSchema.parse(await apiClient.post(API_PATHS.clinicInvitationAccept, { body: { token } })),
  );

export const useChangeRole = () =>
  useClinicChange(({ userId, role }: { userId: string; role: ClinicRole }) =>
    apiClient.put(API_PATHS.clinicMember(userId), { body: { role } }),
  );

export const useRemoveMember = () =>
  useClinicChange((userId: string) => apiClient.delete(API_PATHS.clinicMember(userId)));

export const useClinicTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: ['templates', 'clinic'] as const,
    enabled,
    queryFn: async ({ signal }) =>
      clinicTemplateSchema
        .array()
        .parse(await apiClient.get(API_PATHS.clinicTemplates, { signal })),
  });

export const useShareTemplate = () =>
  useClinicChange((templateId: number) =>
    apiClient.post(API_PATHS.clinicTemplates, { body: { templateId } }),
  );

export const useUnshareTemplate = () =>
  useClinicChange((id: number) => apiClient.delete(API_PATHS.clinicTemplate(id)));

/** The query string of the audit page and of its CSV download: only the filters that are set. */
export function auditSearch(query: ClinicAuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const useClinicAudit = (query: ClinicAuditQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['clinic', 'audit', query] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      clinicAuditPageSchema.parse(
        await apiClient.get(`${API_PATHS.clinicAudit}${auditSearch(query)}`, { signal }),
      ),
  });

/** Templates an admin may share: their own and the catalogue's (not the clinic's own copies). */
export const useShareableTemplates = (cognitoId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['templates', 'shareable', cognitoId] as const,
    enabled: enabled && cognitoId !== '',
    queryFn: async ({ signal }) =>
      templateSchema
        .array()
        .parse(await apiClient.get(API_PATHS.templatesForUser(cognitoId), { signal }))
        .filter((template) => !template.clinic),
  });

/** How long the clinic keeps saved sessions and what the next daily run deletes (owners, admins). */
export const useClinicRetention = (enabled: boolean) =>
  useQuery({
    queryKey: ['clinic', 'retention'] as const,
    enabled,
    queryFn: async ({ signal }) =>
      clinicRetentionSchema.parse(await apiClient.get(API_PATHS.clinicRetention, { signal })),
  });

export const useSetClinicRetention = () =>
  useClinicChange(async (retention: ClinicRetention) =>
    clinicRetentionSchema.parse(
      await apiClient.put(API_PATHS.clinicRetention, { body: { retention } }),
    ),
  );
