import {
  API_PATHS,
  ownTemplateDeletedSchema,
  ownTemplateSchema,
  type OwnTemplate,
  type OwnTemplateInput,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The clinician's own templates (issue 27). Every change refreshes all template lists (this page,
 * Create Notes' picker and the profile's common templates share the `templates` key).
 */

/** One own template with its sections, read afresh when the clinician opens it to edit. */
export const getOwnTemplate = async (id: number): Promise<OwnTemplate> =>
  ownTemplateSchema.parse(await apiClient.get(API_PATHS.ownTemplate(id)));

function useTemplatesChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
}

export const useSaveOwnTemplate = () =>
  useTemplatesChange(
    async ({ id, input }: { id: number | null; input: OwnTemplateInput }): Promise<OwnTemplate> =>
      ownTemplateSchema.parse(
        id === null
          ? await apiClient.post(API_PATHS.ownTemplates, { body: input })
          : await apiClient.put(API_PATHS.ownTemplate(id), { body: input }),
      ),
  );

export const useDeleteOwnTemplate = () =>
  useTemplatesChange(async (id: number) =>
    ownTemplateDeletedSchema.parse(await apiClient.delete(API_PATHS.ownTemplate(id))),
  );
