import { Button, Container, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** The router's default error view (spec point 2 "Other"), also shown for unknown URLs. */
export function ErrorView() {
  const error = useRouteError();
  usePageTitle('Error');

  return (
    // The page's one landmark, so assistive technology can jump to it (issue 14).
    <Container component="main" size="sm" py={80}>
      <Stack gap="lg" align="flex-start">
        <Logo />
        <Title order={1}>Unexpected Application Error!</Title>
        <Title order={2} size="h3" fs="italic" fw={500} c="dimmed">
          {describe(error)}
        </Title>
        <Button component={Link} to={paths.home} variant="light">
          Go to the start page
        </Button>
      </Stack>
    </Container>
  );
}
