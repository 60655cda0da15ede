import { lazy, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import { paths } from '../config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { ErrorView } from './routes/error-view';
import { loadAppLayout, loadCreateNotesPage } from './route-modules';
import { ProtectedRoute, PublicRoute } from './routes/guards';

// The last step of the login and sign-up flows; it belongs to the profile feature, so it is
// handed to the auth pages here (features do not import each other).
const ProfileSetup = lazy(() =>
  import('../features/profile/components/profile-setup').then((m) => ({
    default: m.ProfileSetup,
  })),
);

// The sign-in pages load on demand inside the (eager) sign-in layout, as plain lazy components:
// signing out renders /login at once (flushSync in useSignOut), before the protected page's
// guard can send the visitor elsewhere, which a route that still had to load could not.
const LoginPage = lazy(() =>
  import('../features/auth/routes/login').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/routes/register').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/routes/forgot-password').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);

/*
 * The signed-in layouts and their pages are lazy route modules (issue 13, decision 010): the
 * router fetches them in parallel for every route the URL matches, so /create-notes loads its
 * layout and its page side by side, and the sign-in pages load none of that code.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const NothingYet = () => null;

/** The route table of spec point 2. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Outlet />,
    // Also renders for unknown URLs ("404 Not Found").
    errorElement: <ErrorView />,
    // While the first page's modules load: nothing yet (the page itself follows in a moment).
    HydrateFallback: NothingYet,
    children: [
      { index: true, element: <Navigate to={paths.createNotes} replace /> },
      // Issue 29: an invitation link, opened signed in or out (it keeps the link while they sign in).
      {
        path: paths.clinicJoin,
        lazy: page(
          () => import('../features/clinic/routes/clinic-join'),
          (m) => m.ClinicJoinPage,
        ),
      },
      // Issue 14: linked from sign-up; readable signed in or out.
      {
        path: paths.terms,
        lazy: page(
          () => import('../features/legal/routes/legal-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.privacy,
        lazy: page(
          () => import('../features/legal/routes/legal-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        element: <PublicRoute />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.login, element: <LoginPage profileSetup={ProfileSetup} /> },
              { path: paths.register, element: <RegisterPage profileSetup={ProfileSetup} /> },
              { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
            ],
          },
        ],
      },
      {
        element: <ProtectedRoute profileSetup={ProfileSetup} />,
        children: [
          {
            lazy: page(loadAppLayout, (m) => m.AppLayout),
            children: [
              {
                path: paths.profile,
                lazy: page(
                  () => import('../features/profile/routes/profile'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: paths.createNotes,
                lazy: page(loadCreateNotesPage, (m) => m.CreateNotesPage),
              },
              {
                path: paths.mySessions,
                lazy: page(
                  () => import('../features/my-sessions/routes/my-sessions'),
                  (m) => m.MySessionsPage,
                ),
              },
              {
                path: paths.templates,
                lazy: page(
                  () => import('../features/templates/routes/templates'),
                  (m) => m.TemplatesPage,
                ),
              },
              {
                path: paths.audioCheck,
                lazy: page(
                  () => import('../features/audio-check/routes/audio-check'),
                  (m) => m.AudioCheckPage,
                ),
              },
              {
                path: paths.subscription,
                lazy: page(
                  () => import('../features/subscription/routes/subscription'),
                  (m) => m.SubscriptionPage,
                ),
              },
              {
                path: paths.clinic,
                lazy: page(
                  () => import('../features/clinic/routes/clinic'),
                  (m) => m.ClinicPage,
                ),
              },
              {
                path: paths.clinicAudit,
                lazy: page(
                  () => import('../features/clinic/routes/clinic-audit'),
                  (m) => m.ClinicAuditPage,
                ),
              },
              {
                path: paths.tutorial,
                lazy: page(
                  () => import('../features/tutorial/routes/tutorial'),
                  (m) => m.TutorialPage,
                ),
              },
            ],
          },
          {
            lazy: page(
              () => import('./layouts/payment-layout'),
              (m) => m.PaymentLayout,
            ),
            children: [
              {
                path: paths.payment,
                lazy: page(
                  () => import('../features/payment/routes/payment'),
                  (m) => m.PaymentPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

// Lets `navigate(to, { flushSync: true })` render synchronously, as 'react-router/dom' does.
const renderSynchronously = (update: () => unknown): undefined => {
  flushSync(update);
};

export function AppRouterProvider({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} flushSync={renderSynchronously} />;
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <AppRouterProvider router={router} />;
}
