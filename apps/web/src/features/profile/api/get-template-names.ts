import { API_PATHS, templateListItemSchema, type TemplateListItem } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const MINUTE = 60_000;

/** `GET /api/templates/` (spec point 7): id and name of every template, for the multi-select. */
async function getTemplateNames({ signal }: { signal?: AbortSignal } = {}): Promise<
  TemplateListItem[]
> {
  return templateListItemSchema.array().parse(await apiClient.get(API_PATHS.templates, { signal }));
}

const templateNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates', 'names'] as const,
    queryFn: ({ signal }) => getTemplateNames({ signal }),
    // Spec point 9: templates are 5 minutes fresh and cached for 10.
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
  });

export const useTemplateNames = () => useQuery(templateNamesQueryOptions());
