import {
  API_PATHS,
  currentUserSchema,
  type CurrentUser,
  type RegisterUserInput,
} from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * Backend registration of spec point 7, once the address is confirmed. Idempotent on the
 * server, so repeating it after a half-finished sign-up does no harm.
 */
async function registerUser(
  input: Pick<RegisterUserInput, 'cognitoId' | 'email' | 'firstName' | 'lastName'>,
): Promise<CurrentUser> {
  const body: RegisterUserInput = { ...input, role: 'USER', isTrial: true, isDeleted: false };
  return currentUserSchema.parse(await apiClient.post(API_PATHS.registerUser, { body }));
}

export const useRegisterUser = () => useMutation({ mutationFn: registerUser });
