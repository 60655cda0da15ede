import { loginSchema, type LoginInput } from '@clerkly/contracts';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AccountEmailField } from '../../../components/account-email-field';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { useZodForm } from '../../../lib/zod-form';

type LoginFormProps = {
  onSubmit: (input: LoginInput) => void;
  submitting: boolean;
  /** The root-level error line under the fields (spec point 2 "Login"). */
  rootError: string | undefined;
};

/** Email, Password, Remember Me and the Login button of spec point 2 "Login". */
export function LoginForm({ onSubmit, submitting, rootError }: LoginFormProps) {
  const form = useZodForm({
    schema: loginSchema,
    initialValues: { email: '', password: '', rememberMe: false },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <AccountEmailField {...form.textInputProps('email')} />
        <CurrentPasswordField label="Password" {...form.textInputProps('password')} />
        <Group justify="space-between">
          <Checkbox
            label="Remember Me"
            checked={form.values.rememberMe}
            onChange={(event) => form.setFieldValue('rememberMe', event.currentTarget.checked)}
          />
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        {rootError ? (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {rootError}
          </Text>
        ) : null}
        <Button type="submit" fullWidth loading={submitting}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
