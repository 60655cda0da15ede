import { API_PATHS, templateListItemSchema, type TemplateListItem } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const MINUTE = 60_000;

/** `GET /api/templates/` (spec point 7): the templates a note can be generated from. */
async function getTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<
  TemplateListItem[]
> {
  return templateListItemSchema.array().parse(await apiClient.get(API_PATHS.templates, { signal }));
}

const templatesQueryOptions = () =>
  queryOptions({
    // The same list (and key) as the profile's template multi-select.
    queryKey: ['templates', 'names'] as const,
    queryFn: ({ signal }) => getTemplates({ signal }),
    // Spec point 9: templates are 5 minutes fresh and cached for 10.
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
  });

export const useTemplates = () => useQuery(templatesQueryOptions());
