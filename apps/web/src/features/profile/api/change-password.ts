import { API_PATHS, type ChangePasswordInput } from '@clerkly/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * Change Password on /profile (spec point 3: old and new password). Every other session of the
 * account is ended: whoever might know the old password is signed out everywhere else
 * (OWASP ASVS 3.3.3); this browser gets a fresh session cookie.
 */
const changePassword = async ({ oldPassword, newPassword }: ChangePasswordInput) => {
  await apiClient.post(`${API_PATHS.auth}/change-password`, {
    body: { currentPassword: oldPassword, newPassword, revokeOtherSessions: true },
  });
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
