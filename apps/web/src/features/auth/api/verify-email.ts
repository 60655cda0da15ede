import { API_PATHS } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiClient } from '../../../lib/api-client';

/** The part of better-auth's answer the flows use: who was confirmed (and is now signed in). */
const verifiedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
export type VerifiedUser = z.infer<typeof verifiedUserSchema>;

const verifyEmailResponseSchema = z.object({ user: verifiedUserSchema });

/**
 * Confirms the address with the e-mailed code. On success the server also signs the user in
 * (session cookie), as the sign-up and login flows expect (spec point 4).
 */
async function verifyEmail(input: { email: string; otp: string }): Promise<VerifiedUser> {
  const body = await apiClient.post(`${API_PATHS.auth}/email-otp/verify-email`, { body: input });
  return verifyEmailResponseSchema.parse(body).user;
}

/** "Code mismatch" of spec point 8, as opposed to an expired or exhausted code. */
export const isInvalidOtpError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === 'INVALID_OTP';

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
