import { resetPasswordSchema, type ResetPasswordInput } from '@clerkly/contracts';
import { Button, Stack } from '@mantine/core';
import { CodeInput } from '../../../components/code-input';
import { NewPasswordField } from '../../../components/new-password-field';
import { useZodForm } from '../../../lib/zod-form';

type ResetPasswordFormProps = {
  email: string;
  onSubmit: (input: ResetPasswordInput) => void;
  submitting: boolean;
};

/**
 * Step 2 of spec point 2 "Forgot password": the six code boxes (the first focused), the new
 * password twice, and Confirm Password. Messages are the forgot flow's own (spec point 5).
 */
export function ResetPasswordForm({ email, onSubmit, submitting }: ResetPasswordFormProps) {
  const form = useZodForm({
    schema: resetPasswordSchema,
    initialValues: { email, code: '', password: '', confirmPassword: '' },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <CodeInput
          autoFocus
          value={form.values.code}
          onChange={(code) => form.setFieldValue('code', code)}
          error={form.errors.code}
        />
        <NewPasswordField label="New Password" {...form.textInputProps('password')} />
        <NewPasswordField
          label="Confirm New Password"
          {...form.textInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Confirm Password
        </Button>
      </Stack>
    </form>
  );
}
