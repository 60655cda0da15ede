import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths, withInvitation, type JoinInvitationState } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import {
  forgetInvitationToken,
  keepInvitationToken,
  pendingInvitationToken,
} from '../../../lib/clinic-invitation';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAcceptInvitation } from '../api/clinic';

/**
 * Where an invitation link lands (issue 29). The token is after `#`, so it reaches no server log;
 * it is kept in this tab's session storage (`lib/clinic-invitation.ts`) and taken out of the
 * address bar.
 */
function invitationToken(): string | null {
  const fromLink = window.location.hash.replace(/^#/, '');
  if (fromLink) {
    keepInvitationToken(fromLink);
    window.history.replaceState(null, '', window.location.pathname);
    return fromLink;
  }
  return pendingInvitationToken();
}

/**
 * Signed in, the invitee joins with one click. Signed out, they are sent to sign up with the
 * invitation kept (docs/decisions/028); sign-up brings them back here to join at once, without
 * a click, and login brings them back to the button.
 */
export function ClinicJoinPage() {
  usePageTitle('Join a clinic');
  const { isAuthenticated } = useAuth();
  const [token] = useState(invitationToken);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const location = useLocation();
  const joinAtOnce =
    (location.state as Partial<JoinInvitationState> | null)?.joinInvitation === true;
  const joinedAtOnce = useRef(false);

  const join = () => {
    if (!token) return;
    accept.mutate(token, {
      onSuccess: () => {
        forgetInvitationToken();
        void navigate(paths.clinic);
      },
    });
  };

  useEffect(() => {
    // Once only: StrictMode runs effects twice, and a failed attempt leaves the button to retry.
    if (!joinAtOnce || !token || isAuthenticated !== true || joinedAtOnce.current) return;
    joinedAtOnce.current = true;
    join();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `join` is new each render; these are what it waits for
  }, [joinAtOnce, token, isAuthenticated]);

  if (token && isAuthenticated === false) {
    return <Navigate to={withInvitation(paths.register)} replace />;
  }

  return (
    <Stack maw={520} mx="auto" mt="xl" p="md">
      <Paper withBorder p="lg">
        <Title order={1} size="h2" mb="md">
          Join a clinic
        </Title>
        {!token ? (
          <Alert color="red">
            This invitation link is incomplete. Open the link from the e-mail again.
          </Alert>
        ) : (
          <Stack gap="sm">
            <Text>You have been invited to join a clinic.</Text>
            {accept.isError && (
              <Alert color="red" role="alert">
                {errorMessage(accept.error, 'You could not join the clinic. Try again.')}
              </Alert>
            )}
            <Button onClick={join} loading={accept.isPending} disabled={isAuthenticated !== true}>
              Join the clinic
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
