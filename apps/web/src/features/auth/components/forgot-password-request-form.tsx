import { forgotPasswordRequestSchema } from '@clerkly/contracts';
import { Button, Stack, TextInput } from '@mantine/core';
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
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          withAsterisk
          {...form.textInputProps('email')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
