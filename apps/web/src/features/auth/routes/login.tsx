import { PRODUCT_NAME } from '@clerkly/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

const DESCRIPTION = `Log in to ${PRODUCT_NAME} to turn recorded consultations into structured clinical notes.`;

/** /login (spec point 2). The sign-in form arrives with the authentication issue. */
export function LoginPage() {
  usePageTitle('Login');
  const canonicalUrl = new URL(paths.login, window.location.origin).href;

  return (
    <Stack gap="lg">
      {/* React hoists these into <head> and removes them when the page unmounts. */}
      <meta name="description" content={DESCRIPTION} />
      <link rel="canonical" href={canonicalUrl} />
      <div>
        <Title order={1}>Welcome!</Title>
        <Text c="dimmed" mt={4}>
          Please enter your log-in details.
        </Text>
      </div>
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        Forgot your password?
      </Anchor>
      <Text size="sm" ta="center">
        Don&apos;t Have an Account?{' '}
        <Anchor component={Link} to={paths.register} fw={600}>
          Register Here
        </Anchor>
      </Text>
    </Stack>
  );
}
