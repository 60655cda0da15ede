import { API_PATHS } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** "Resend" on the OTP screen: a new confirmation code replaces the previous one. */
const sendVerificationOtp = async ({ email }: { email: string }) => {
  await apiClient.post(`${API_PATHS.auth}/email-otp/send-verification-otp`, {
    body: { email, type: 'email-verification' },
  });
};

export const useSendVerificationOtp = () => useMutation({ mutationFn: sendVerificationOtp });
