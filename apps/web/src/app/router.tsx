import { lazy, Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { paths } from '../config/paths';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PaymentLayout } from './layouts/payment-layout';
import { ErrorView } from './routes/error-view';
import { ProtectedRoute, PublicRoute } from './routes/guards';

// Pages load on demand; the layouts show a skeleton meanwhile.
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
// The last step of the login and sign-up flows; it belongs to the profile feature, so it is
// handed to the auth pages here (features do not import each other).
const ProfileSetup = lazy(() =>
  import('../features/profile/components/profile-setup').then((m) => ({
    default: m.ProfileSetup,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/routes/profile').then((m) => ({ default: m.ProfilePage })),
);
const CreateNotesPage = lazy(() =>
  import('../features/create-notes/routes/create-notes').then((m) => ({
    default: m.CreateNotesPage,
  })),
);
const MySessionsPage = lazy(() =>
  import('../features/my-sessions/routes/my-sessions').then((m) => ({
    default: m.MySessionsPage,
  })),
);
const TemplatesPage = lazy(() =>
  import('../features/templates/routes/templates').then((m) => ({ default: m.TemplatesPage })),
);
const AudioCheckPage = lazy(() =>
  import('../features/audio-check/routes/audio-check').then((m) => ({
    default: m.AudioCheckPage,
  })),
);
const SubscriptionPage = lazy(() =>
  import('../features/subscription/routes/subscription').then((m) => ({
    default: m.SubscriptionPage,
  })),
);
const TutorialPage = lazy(() =>
  import('../features/tutorial/routes/tutorial').then((m) => ({ default: m.TutorialPage })),
);
const PaymentPage = lazy(() =>
  import('../features/payment/routes/payment').then((m) => ({ default: m.PaymentPage })),
);

const TermsPage = lazy(() =>
  import('../features/legal/routes/legal-page').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/legal/routes/legal-page').then((m) => ({ default: m.PrivacyPage })),
);

/** The route table of spec point 2. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Outlet />,
    // Also renders for unknown URLs ("404 Not Found").
    errorElement: <ErrorView />,
    children: [
      { index: true, element: <Navigate to={paths.createNotes} replace /> },
      // Issue 14: linked from sign-up; readable signed in or out.
      {
        path: paths.terms,
        element: (
          <Suspense fallback={<FullScreenLoader />}>
            <TermsPage />
          </Suspense>
        ),
      },
      {
        path: paths.privacy,
        element: (
          <Suspense fallback={<FullScreenLoader />}>
            <PrivacyPage />
          </Suspense>
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
            element: <AppLayout />,
            children: [
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.createNotes, element: <CreateNotesPage /> },
              { path: paths.mySessions, element: <MySessionsPage /> },
              { path: paths.templates, element: <TemplatesPage /> },
              { path: paths.audioCheck, element: <AudioCheckPage /> },
              { path: paths.subscription, element: <SubscriptionPage /> },
              { path: paths.tutorial, element: <TutorialPage /> },
            ],
          },
          {
            element: <PaymentLayout />,
            children: [{ path: paths.payment, element: <PaymentPage /> }],
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
