import { API_PATHS, type LoginInput } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, apiClient } from '../../../lib/api-client';

/**
 * better-auth's e-mail + password sign-in. `rememberMe: false` gets a browser-session cookie,
 * `true` a persistent one (issue 3). The response body is not needed: the cookie is the session.
 */
const signIn = async (input: LoginInput): Promise<void> => {
  await apiClient.post(`${API_PATHS.auth}/sign-in/email`, { body: input });
};

/** 403 `EMAIL_NOT_VERIFIED`: the account exists but its address is unconfirmed; a code is sent. */
export const isEmailNotVerifiedError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED';

export const useSignIn = () => useMutation({ mutationFn: signIn });
