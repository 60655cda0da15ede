import { API_PATHS } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * Step 1 of "Forgot password": e-mails a reset code. The server answers the same for unknown
 * addresses, so the form cannot be used to find out who has an account.
 */
const requestPasswordReset = async ({ email }: { email: string }) => {
  await apiClient.post(`${API_PATHS.auth}/email-otp/request-password-reset`, { body: { email } });
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
