import { API_PATHS } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Step 2 of "Forgot password": the e-mailed code and the new password. */
const resetPassword = async (input: { email: string; otp: string; password: string }) => {
  await apiClient.post(`${API_PATHS.auth}/email-otp/reset-password`, { body: input });
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
