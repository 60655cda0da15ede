import { MESSAGES, OTP_COUNTDOWN_SECONDS, TOASTS, otpCodeSchema } from '@clerkly/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import { CodeInput } from '../../../components/code-input';
import { errorMessage } from '../../../lib/error-message';
import { useZodForm } from '../../../lib/zod-form';
import { useSendVerificationOtp } from '../api/send-verification-otp';
import { isInvalidOtpError, useVerifyEmail, type VerifiedUser } from '../api/verify-email';
import { formatMinutesSeconds, useCountdown } from '../hooks/use-countdown';

const otpFormSchema = z.object({ code: otpCodeSchema });

type OtpVerificationProps = {
  email: string;
  /** Runs once the code is accepted (the user is then signed in); Verify spins until it ends. */
  onVerified: (user: VerifiedUser) => Promise<void>;
};

/**
 * The OTP screen of sign-up and of a login by an unconfirmed account (spec points 2 and 4):
 * six boxes, "Remaining time: mm:ss" from 180 s, "OTP expired..." at 0, when Resend becomes
 * available and restarts the countdown at 600 s.
 */
export function OtpVerification({ email, onVerified }: OtpVerificationProps) {
  const form = useZodForm({ schema: otpFormSchema, initialValues: { code: '' } });
  const { remaining, restart } = useCountdown(OTP_COUNTDOWN_SECONDS.initial);
  const verifyEmail = useVerifyEmail();
  const resend = useSendVerificationOtp();
  const [finishing, setFinishing] = useState(false);
  const expired = remaining === 0;

  const verify = form.onSubmit(({ code }) => {
    verifyEmail.mutate(
      { email, otp: code },
      {
        onSuccess: (user) => {
          setFinishing(true);
          void onVerified(user).finally(() => setFinishing(false));
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isInvalidOtpError(error) ? TOASTS.invalidOtp : TOASTS.otpVerificationFailed,
          }),
      },
    );
  });

  const sendAgain = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          restart(OTP_COUNTDOWN_SECONDS.afterResend);
          notifications.show({ color: 'green', message: TOASTS.otpSent });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorMessage(error, 'The code could not be sent. Please try again.'),
          }),
      },
    );

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1}>Verify your email</Title>
          <Text c="dimmed" mt={4}>
            Enter the 6-digit code we sent to <strong>{email}</strong>.
          </Text>
        </div>
        <CodeInput
          autoFocus
          value={form.values.code}
          onChange={(code) => form.setFieldValue('code', code)}
          error={form.errors.code}
        />
        <Text size="sm" c={expired ? 'red' : 'dimmed'}>
          {expired ? MESSAGES.otpExpired : MESSAGES.otpRemaining(formatMinutesSeconds(remaining))}
        </Text>
        <Button type="submit" fullWidth loading={verifyEmail.isPending || finishing}>
          Verify
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">Didn&apos;t get the code?</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={!expired}
            loading={resend.isPending}
            onClick={sendAgain}
          >
            Resend
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
