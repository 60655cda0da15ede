import { API_PATHS } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * Spec point 7: after a successful reset, ask the backend for the "your password was changed"
 * e-mail. Fire and forget: the reset has already succeeded whatever this answers, and the user
 * is on their way to /login.
 */
export function sendPasswordResetNotice(userEmail: string): void {
  apiClient.post(API_PATHS.passwordResetNotice, { body: { userEmail } }).catch(() => {
    // Nothing to tell the user: the notice is a courtesy, not part of the reset.
  });
}
