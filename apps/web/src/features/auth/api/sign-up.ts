import { API_PATHS, type RegisterInput } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

type SignUpInput = Pick<RegisterInput, 'email' | 'password' | 'firstName' | 'lastName'>;

/**
 * better-auth's sign-up. No session yet: the address must be confirmed with the e-mailed code
 * first (spec point 4 "Sign-up").
 */
const signUp = async ({ email, password, firstName, lastName }: SignUpInput) => {
  await apiClient.post(`${API_PATHS.auth}/sign-up/email`, {
    body: { email, password, firstName, lastName, name: `${firstName} ${lastName}` },
  });
};

export const useSignUp = () => useMutation({ mutationFn: signUp });
