import { API_PATHS } from '@clerkly/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { apiClient, isUnauthorizedError } from '../../../lib/api-client';
import { clearCurrentUser } from '../../../lib/auth/current-user';
import { clearRecordings } from '../../../lib/recording-store';

/** better-auth's sign-out endpoint; it expects a JSON body, even an empty one. */
export const signOut = () => apiClient.post(`${API_PATHS.auth}/sign-out`, { body: {} });

/** Logout (spec point 2 "Layout"): end the session, forget the user and the browser's recordings, go to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const leave = async () => {
    clearCurrentUser(queryClient);
    // Recordings kept for crash recovery are patient data: they do not outlive the session
    // (issue 11). A failure here must not keep the user signed in on screen.
    await clearRecordings().catch(() => undefined);
    // Rendered synchronously, so the guard of the page being left is unmounted before it hears
    // that the user is gone and cannot redirect elsewhere (e.g. /register?plan=...).
    await navigate(paths.login, { replace: true, flushSync: true });
  };

  return useMutation({
    mutationFn: signOut,
    onSuccess: leave,
    onError: async (error) => {
      // 401: the session had already ended, which is what the user asked for.
      if (isUnauthorizedError(error)) return leave();
      notifications.show({ color: 'red', message: 'Logout failed. Please try again.' });
    },
  });
}
