import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { useAuth } from '../../lib/auth/use-auth';
import { getAuthenticatedRedirect, getUnauthenticatedRedirect } from './redirects';

const CHECKING_LABEL = 'Checking your session…';

/** Routes for signed-in users only (spec point 2 route table, "protected"). */
export function ProtectedRoute() {
  const { isAuthenticated, recheck } = useAuth();
  const location = useLocation();

  // "The authentication check is a current-user check on each protected page" (spec point 2);
  // after the first one it runs in the background and the page stays on screen.
  useEffect(() => {
    recheck();
  }, [location.pathname, recheck]);

  if (isAuthenticated === null) return <FullScreenLoader label={CHECKING_LABEL} />;
  if (!isAuthenticated) return <Navigate to={getUnauthenticatedRedirect(location)} replace />;
  return <Outlet />;
}

/** /login, /register and /forgot-password, with their redirects for signed-in users. */
export function PublicRoute() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();

  if (isAuthenticated === null) return <FullScreenLoader label={CHECKING_LABEL} />;
  const redirect = isAuthenticated ? getAuthenticatedRedirect(location) : null;
  if (redirect) return <Navigate to={redirect.to} state={redirect.state} replace />;
  return <Outlet />;
}
