import { API_PATHS, templateTopicSchema, type TemplateTopic } from '@clerkly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** `GET /api/topics/templateId/{id}` (spec point 7): the sections of one template, in order. */
async function getTemplateTopics({
  templateId,
  signal,
}: {
  templateId: number;
  signal?: AbortSignal;
}): Promise<TemplateTopic[]> {
  const body = await apiClient.get(API_PATHS.topicsForTemplate(templateId), { signal });
  return templateTopicSchema
    .array()
    .parse(body)
    .sort((a, b) => a.position - b.position);
}

export const templateTopicsQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: ['templates', 'topics', templateId] as const,
    queryFn: ({ signal }) => getTemplateTopics({ templateId, signal }),
    // Topics are reference data like the templates (spec point 9).
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

/** Fetches only while a preview is open (`templateId` not null). */
export const useTemplateTopics = (templateId: number | null) =>
  useQuery({
    ...templateTopicsQueryOptions(templateId ?? 0),
    enabled: templateId !== null,
  });
