import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** /forgot-password (spec point 2). The two-step reset arrives with the authentication issue. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Forgot password?</Title>
        <Text c="dimmed" mt={4}>
          Enter your e-mail address or username to reset your password.
        </Text>
      </div>
      <Anchor component={Link} to={paths.login} size="sm" ta="center">
        Back to Login
      </Anchor>
    </Stack>
  );
}
