import { API_PATHS, styleProfileSchema, type StyleProfile } from '@clerkly/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * `GET` / `DELETE /api/templates/{id}/style` (issue 27, item 3): what Clerkly learned from the
 * clinician's edits to this template's drafts, and forgetting it.
 */
/** Every template's learned style: a save may have taught any of them. */
export const TEMPLATE_STYLES_KEY = ['template-style'] as const;
const templateStyleKey = (templateId: number) => [...TEMPLATE_STYLES_KEY, templateId] as const;

const templateStyleQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: templateStyleKey(templateId),
    queryFn: async ({ signal }): Promise<StyleProfile> =>
      styleProfileSchema.parse(
        await apiClient.get(API_PATHS.templateStyle(templateId), { signal }),
      ),
  });

export const useTemplateStyle = (templateId: number) =>
  useQuery(templateStyleQueryOptions(templateId));

export const useResetTemplateStyle = (templateId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      styleProfileSchema.parse(await apiClient.delete(API_PATHS.templateStyle(templateId))),
    onSuccess: (profile) => queryClient.setQueryData(templateStyleKey(templateId), profile),
  });
};
