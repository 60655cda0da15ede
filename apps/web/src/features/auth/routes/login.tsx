import { PRODUCT_NAME, TOASTS, type LoginInput } from '@clerkly/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/page-skeleton';
import { paths, withInvitation } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { getCurrentUser } from '../../../lib/auth/current-user';
import { useRegisterUser } from '../api/register-user';
import { signOut } from '../api/sign-out';
import { isEmailNotVerifiedError, useSignIn } from '../api/sign-in';
import { LoginForm } from '../components/login-form';
import { OtpVerification } from '../components/otp-verification';
import type { ProfileSetupStep } from '../components/profile-setup-step';
import {
  WELCOME,
  backToInvitation,
  cameFromInvitation,
  useFinishSignIn,
} from '../hooks/use-finish-sign-in';

const DESCRIPTION = `Log in to ${PRODUCT_NAME} to turn recorded consultations into structured clinical notes.`;

type Step =
  { name: 'form' } | { name: 'verify'; credentials: LoginInput } | { name: 'profile-setup' };

/**
 * /login (spec point 2 "Login", point 4 "Login"): the form; an unconfirmed account goes through
 * the OTP screen, backend registration and profile setup; so does an account that has no
 * profession yet (a sign-up left half-way).
 */
export function LoginPage({ profileSetup: ProfileSetup }: { profileSetup: ProfileSetupStep }) {
  usePageTitle('Login');
  const canonicalUrl = new URL(paths.login, window.location.origin).href;
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [submitting, setSubmitting] = useState(false);
  const [rootError, setRootError] = useState<string>();
  const signIn = useSignIn();
  const registerUser = useRegisterUser();
  const finish = useFinishSignIn();
  const [searchParams] = useSearchParams();
  // Docs/decisions/028: opened from a clinic invitation link, login leads back to its Join button.
  const [invited] = useState(() => cameFromInvitation(searchParams));
  const destination = invited ? backToInvitation(false) : WELCOME;

  const failSignIn = (error: unknown) => {
    setStep({ name: 'form' });
    setRootError(errorMessage(error, TOASTS.signInFailed));
    notifications.show({ color: 'red', message: TOASTS.signInFailed });
  };

  /** The session exists: finish, or complete the account first. */
  const continueSignedIn = async () => {
    const user = await getCurrentUser({ knownSignedIn: true });
    if (!user) throw new Error('Signed in, but the session was not found');
    if (user.profession) {
      finish(user, destination);
      return;
    }
    try {
      const { cognitoId, email, firstName, lastName } = user;
      await registerUser.mutateAsync({ cognitoId, email, firstName, lastName });
    } catch {
      notifications.show({ color: 'red', message: TOASTS.registrationFailedAtLogin });
      await signOut().catch(() => undefined);
      setStep({ name: 'form' });
      return;
    }
    setStep({ name: 'profile-setup' });
  };

  const submit = async (credentials: LoginInput) => {
    setRootError(undefined);
    setSubmitting(true);
    try {
      await signIn.mutateAsync(credentials);
      await continueSignedIn();
    } catch (error) {
      // The server has just e-mailed a fresh code (spec point 2 "Login").
      if (isEmailNotVerifiedError(error)) setStep({ name: 'verify', credentials });
      else failSignIn(error);
    } finally {
      setSubmitting(false);
    }
  };

  const afterVerified = async (credentials: LoginInput) => {
    try {
      // Confirming signs the user in with a persistent cookie; without Remember Me, sign in
      // again for the browser-session cookie the user asked for.
      if (!credentials.rememberMe) await signIn.mutateAsync(credentials);
      await continueSignedIn();
    } catch (error) {
      failSignIn(error);
    }
  };

  return (
    <>
      {/* React hoists these into <head> and removes them when the page unmounts. */}
      <meta name="description" content={DESCRIPTION} />
      <link rel="canonical" href={canonicalUrl} />
      {step.name === 'verify' ? (
        <OtpVerification
          email={step.credentials.email}
          onVerified={() => afterVerified(step.credentials)}
        />
      ) : step.name === 'profile-setup' ? (
        <Suspense fallback={<PageSkeleton />}>
          <ProfileSetup onComplete={(user) => finish(user, destination)} />
        </Suspense>
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={1}>Welcome!</Title>
            <Text c="dimmed" mt={4}>
              Please enter your log-in details.
            </Text>
          </div>
          <LoginForm
            onSubmit={(credentials) => void submit(credentials)}
            submitting={submitting}
            rootError={rootError}
          />
          <Text size="sm" ta="center">
            Don&apos;t Have an Account?{' '}
            <Anchor
              component={Link}
              to={invited ? withInvitation(paths.register) : paths.register}
              fw={600}
            >
              Register Here
            </Anchor>
          </Text>
        </Stack>
      )}
    </>
  );
}
