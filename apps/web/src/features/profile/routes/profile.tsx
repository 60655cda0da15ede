import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PageSkeleton } from '../../../components/page-skeleton';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUserProfile } from '../api/get-user-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileSettingsForm } from '../components/profile-settings-form';

/** /profile (spec point 2 "Profile"): profile settings, and Change Password below. */
export function ProfilePage() {
  usePageTitle('Profile');
  const profile = useUserProfile();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Profile</Title>
      <Paper withBorder p="lg" component="section" aria-labelledby="profile-settings">
        <Title order={2} size="h3" mb="md" id="profile-settings">
          Profile settings
        </Title>
        {profile.data ? (
          <ProfileSettingsForm user={profile.data} />
        ) : profile.isError ? (
          <Alert color="red" title="Your profile could not be loaded">
            <Button variant="light" color="red" mt="xs" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <PageSkeleton label="Loading your profile…" />
        )}
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="change-password">
        <Title order={2} size="h3" mb="md" id="change-password">
          Change Password
        </Title>
        <ChangePasswordForm />
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="profile-clinic">
        <Title order={2} size="h3" mb="xs" id="profile-clinic">
          Clinic
        </Title>
        <Text size="sm" mb="xs">
          Work with colleagues: share templates and see your clinic&apos;s activity.
        </Text>
        <Anchor component={Link} to={paths.clinic}>
          Create a clinic
        </Anchor>
      </Paper>
    </Stack>
  );
}
