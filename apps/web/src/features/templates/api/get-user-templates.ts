import { API_PATHS, templateSchema, type Template } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /api/templates/user/{id}` (spec point 7): the template catalogue for this user. */
async function getUserTemplates({
  cognitoId,
  signal,
}: {
  cognitoId: string;
  signal?: AbortSignal;
}): Promise<Template[]> {
  const body = await apiClient.get(API_PATHS.templatesForUser(cognitoId), { signal });
  return templateSchema.array().parse(body);
}

const userTemplatesQueryOptions = (cognitoId: string) =>
  queryOptions({
    queryKey: ['templates', 'user', cognitoId] as const,
    queryFn: ({ signal }) => getUserTemplates({ cognitoId, signal }),
    enabled: cognitoId !== '',
    // Spec point 9: templates are 5 minutes stale, 10 minutes cached.
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

export const useUserTemplates = (cognitoId: string) =>
  useQuery(userTemplatesQueryOptions(cognitoId));
