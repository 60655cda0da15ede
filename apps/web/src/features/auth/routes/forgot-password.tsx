import { TOASTS } from '@clerkly/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { sendPasswordResetNotice } from '../api/send-password-reset-notice';
import { ForgotPasswordRequestForm } from '../components/forgot-password-request-form';
import { ResetPasswordForm } from '../components/reset-password-form';

/** /forgot-password (spec point 2, point 4 "Password reset"): request a code, then set a password. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState<string | null>(null);
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const resetPassword = useResetPassword();

  const backToLogin = (
    <Anchor component={Link} to={paths.login} size="sm" ta="center">
      Back to Login
    </Anchor>
  );

  if (email === null) {
    return (
      <Stack gap="lg">
        <div>
          <Title order={1}>Forgot password?</Title>
          <Text c="dimmed" mt={4}>
            Enter your e-mail address or username to reset your password.
          </Text>
        </div>
        <ForgotPasswordRequestForm
          submitting={requestReset.isPending}
          onSubmit={(input) =>
            requestReset.mutate(input, {
              onSuccess: () => setEmail(input.email),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message: errorMessage(error, TOASTS.forgotPasswordEmailFailed),
                }),
            })
          }
        />
        {backToLogin}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Set your new password</Title>
        <Text c="dimmed" mt={4}>
          Enter the 6-digit code we sent to <strong>{email}</strong> and choose a new password.
        </Text>
      </div>
      <ResetPasswordForm
        email={email}
        submitting={resetPassword.isPending}
        onSubmit={({ code, password }) =>
          resetPassword.mutate(
            { email, otp: code, password },
            {
              onSuccess: () => {
                sendPasswordResetNotice(email);
                void navigate(paths.login, { replace: true });
              },
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message: errorMessage(error, TOASTS.setNewPasswordFailed),
                }),
            },
          )
        }
      />
      {backToLogin}
    </Stack>
  );
}
