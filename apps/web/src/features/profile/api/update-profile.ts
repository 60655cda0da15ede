import {
  API_PATHS,
  currentUserSchema,
  type CurrentUser,
  type UpdateProfileInput,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userProfileQueryKey } from './get-user-profile';

/** `PUT /api/users/profile` (spec point 7); an empty field keeps the stored value. */
async function updateProfile(input: UpdateProfileInput): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiClient.put(API_PATHS.updateProfile, { body: input }));
}

/** Ids chosen in the multi-select, stored as one comma-separated string (spec point 3). */
export const toCommonTemplate = (ids: readonly string[]): string => ids.join(',');
export const fromCommonTemplate = (value: string): string[] =>
  value.split(',').filter((id) => id !== '');

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userProfileQueryKey, user),
  });
}
