import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { AuthLayout } from '../layouts/auth-layout';
import type { ProfileSetupStep } from '../../features/auth/components/profile-setup-step';
import { useFinishSignIn } from '../../features/auth/hooks/use-finish-sign-in';
import { currentUserQueryKey } from '../../lib/auth/current-user';
import { useAuth } from '../../lib/auth/use-auth';
import { getAuthenticatedRedirect, getUnauthenticatedRedirect } from './redirects';

const CHECKING_LABEL = 'Checking your session…';

/**
 * Issue 14: a signed-in user without a profession has not finished sign-up (a reload during
 * profile setup left them signed in but set up). Every protected page shows profile setup first;
 * when it is done, the page they asked for follows (Create Notes with its welcome).
 */
function FinishProfileSetup({ profileSetup: ProfileSetup }: { profileSetup: ProfileSetupStep }) {
  const location = useLocation();
  const finish = useFinishSignIn();
  return (
    <AuthLayout>
      <ProfileSetup
        onComplete={(user) =>
          finish(user, { to: `${location.pathname}${location.search}`, state: { welcome: true } })
        }
      />
    </AuthLayout>
  );
}

/** Routes for signed-in users only (spec point 2 route table, "protected"). */
export function ProtectedRoute({ profileSetup }: { profileSetup?: ProfileSetupStep }) {
  const { isAuthenticated, user, recheck } = useAuth();
  const location = useLocation();
  // Issue 25: the answer to the first check comes from the query's store, and React renders what
  // a store update changes in one uninterrupted task: the whole layout and page, 0.2 s here and
  // 0.8 s on a slow phone. Once the answer is "signed in", the loader stays for the moment React
  // renders the page in the background, in slices. Only that way: "signed out" (a 401, signing
  // out) takes effect at once, so no page stays mounted to make calls without a session.
  const pageRendered = useDeferredValue(isAuthenticated === true);

  const queryClient = useQueryClient();
  const firstRun = useRef(true);
  const openedOnFirstEntry = useRef(location.key === 'default');

  // "The authentication check is a current-user check on each protected page" (spec point 2);
  // after the first one it runs in the background and the page stays on screen. The page the
  // app opened on (the history's first entry) has had its check: the one `main.tsx` starts with
  // the app, answered or still on its way (issue 13). Asked again, it was a second
  // `GET /api/users` on every page load, sent while the first screen was still loading.
  useEffect(() => {
    const openingPage =
      firstRun.current &&
      openedOnFirstEntry.current &&
      (queryClient.getQueryState(currentUserQueryKey)?.dataUpdateCount ?? 0) <= 1;
    firstRun.current = false;
    if (!openingPage) recheck();
  }, [location.pathname, queryClient, recheck]);

  if (isAuthenticated === null) return <FullScreenLoader label={CHECKING_LABEL} />;
  if (!isAuthenticated) return <Navigate to={getUnauthenticatedRedirect(location)} replace />;
  if (!pageRendered) return <FullScreenLoader label={CHECKING_LABEL} />;
  if (profileSetup && !user.profession) return <FinishProfileSetup profileSetup={profileSetup} />;
  return <Outlet />;
}

/** /login, /register and /forgot-password, with their redirects for signed-in users. */
export function PublicRoute() {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();

  if (isAuthenticated === null) return <FullScreenLoader label={CHECKING_LABEL} />;
  const redirect = isAuthenticated ? getAuthenticatedRedirect(location, user) : null;
  if (redirect) return <Navigate to={redirect.to} state={redirect.state} replace />;
  return <Outlet />;
}
