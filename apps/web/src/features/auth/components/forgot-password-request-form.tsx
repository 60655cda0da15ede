import { forgotPasswordRequestSchema } from '@clerkly/contracts';
import { Button, Stack } from '@mantine/core';
import { AccountEmailField } from '../../../components/account-email-field';
import { useZodForm } from '../../../lib/zod-form';

type ForgotPasswordRequestFormProps = {
  onSubmit: (input: { email: string }) => void;
  submitting: boolean;
};

/** Step 1 of spec point 2 "Forgot password": the address to send the code to. */
export function ForgotPasswordRequestForm({
  onSubmit,
  submitting,
}: ForgotPasswordRequestFormProps) {
  const form = useZodForm({ schema: forgotPasswordRequestSchema, initialValues: { email: '' } });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <AccountEmailField {...form.textInputProps('email')} />
        <Button type="submit" fullWidth loading={submitting}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
