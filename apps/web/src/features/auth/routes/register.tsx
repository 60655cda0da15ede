import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** /register (spec point 2). The sign-up form arrives with the authentication issue. */
export function RegisterPage() {
  usePageTitle('Register');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Sign Up</Title>
        <Text c="dimmed" mt={4}>
          Create your account to start taking notes.
        </Text>
      </div>
      <Text size="sm" ta="center">
        Already Have an Account?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Login Here
        </Anchor>
      </Text>
    </Stack>
  );
}
