import { TOASTS, type CurrentUser, type RegisterInput } from '@clerkly/contracts';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/page-skeleton';
import { PLAN_PARAM, paths, withInvitation, withPlan } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegisterUser } from '../api/register-user';
import { signOut } from '../api/sign-out';
import { useSignUp } from '../api/sign-up';
import type { VerifiedUser } from '../api/verify-email';
import { OtpVerification } from '../components/otp-verification';
import type { ProfileSetupStep } from '../components/profile-setup-step';
import { RegisterForm } from '../components/register-form';
import {
  WELCOME,
  backToInvitation,
  cameFromInvitation,
  useFinishSignIn,
} from '../hooks/use-finish-sign-in';

type Applicant = Pick<RegisterInput, 'email' | 'firstName' | 'lastName'>;

type Step = { name: 'form' } | { name: 'verify'; applicant: Applicant } | { name: 'profile-setup' };

/**
 * /register (spec point 2 "Register", point 4 "Sign-up"): form, OTP screen, backend
 * registration, profile setup, then the chosen plan's subscription page or Create Notes; an
 * invitee who came from a clinic invitation link (`?invitation=1`) joins the clinic instead.
 */
export function RegisterPage({ profileSetup: ProfileSetup }: { profileSetup: ProfileSetupStep }) {
  usePageTitle('Register');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [searchParams] = useSearchParams();
  const plan = searchParams.get(PLAN_PARAM);
  const [invited] = useState(() => cameFromInvitation(searchParams));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const registerUser = useRegisterUser();
  const finish = useFinishSignIn();

  const submit = ({ email, password, firstName, lastName }: RegisterInput) => {
    signUp.mutate(
      { email, password, firstName, lastName },
      {
        onSuccess: () => setStep({ name: 'verify', applicant: { email, firstName, lastName } }),
        onError: (error) =>
          notifications.show({ color: 'red', message: errorMessage(error, TOASTS.signUpFailed) }),
      },
    );
  };

  const complete = (user: CurrentUser) =>
    finish(
      user,
      plan !== null
        ? { to: withPlan(paths.subscription, plan) }
        : invited
          ? backToInvitation(true)
          : WELCOME,
    );

  const afterVerified = async (applicant: Applicant, { id }: VerifiedUser) => {
    try {
      const user = await registerUser.mutateAsync({ cognitoId: id, ...applicant });
      // Someone who had finished sign-up before (an earlier tab) needs no second setup.
      if (user.profession) complete(user);
      else setStep({ name: 'profile-setup' });
    } catch {
      notifications.show({ color: 'red', message: TOASTS.registrationFailedAtSignUp });
      // The address is confirmed: logging in finishes the account (registration is idempotent).
      await signOut().catch(() => undefined);
      await navigate(paths.login, { replace: true });
    }
  };

  if (step.name === 'verify') {
    return (
      <OtpVerification
        email={step.applicant.email}
        onVerified={(user) => afterVerified(step.applicant, user)}
      />
    );
  }
  if (step.name === 'profile-setup') {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ProfileSetup onComplete={complete} />
      </Suspense>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Sign Up</Title>
        <Text c="dimmed" mt={4}>
          Create your account to start taking notes.
        </Text>
      </div>
      {invited && (
        <Alert color="blue" title="You have been invited to join a clinic">
          Sign up with the e-mail address the invitation was sent to: you join the clinic as soon as
          your account is set up.
        </Alert>
      )}
      <RegisterForm onSubmit={submit} submitting={signUp.isPending} />
      <Text size="sm" ta="center">
        Already Have an Account?{' '}
        <Anchor component={Link} to={invited ? withInvitation(paths.login) : paths.login} fw={600}>
          Login Here
        </Anchor>
      </Text>
    </Stack>
  );
}
