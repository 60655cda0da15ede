import { TOASTS, profileSetupSchema, type CurrentUser } from '@clerkly/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useState } from 'react';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { useZodForm } from '../../../lib/zod-form';
import { toCommonTemplate, useUpdateProfile } from '../api/update-profile';
import { WorkFields } from './profile-fields';

/** Spec point 9: the redirect follows the success toast after 2 seconds. */
const PROFILE_SETUP_REDIRECT_MS = 2000;

type ProfileSetupProps = {
  /** Called with the saved profile once the success toast has been on screen for 2 s. */
  onComplete: (user: CurrentUser) => void;
};

/**
 * "Let's set your profile up!" (spec point 2 "Profile setup"): the last step of sign-up, and of
 * a login whose account has no profession yet. Mounted by the auth pages, composed in src/app.
 */
export function ProfileSetup({ onComplete }: ProfileSetupProps) {
  const form = useZodForm({
    schema: profileSetupSchema,
    initialValues: { profession: '', commonTemplate: [] as string[], commonConditions: '' },
  });
  const updateProfile = useUpdateProfile();
  const [saved, setSaved] = useState<CurrentUser | null>(null);
  const complete = useEffectEvent((user: CurrentUser) => onComplete(user));

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => complete(saved), PROFILE_SETUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const save = form.onSubmit(({ profession, commonTemplate, commonConditions }) => {
    updateProfile.mutate(
      { profession, commonTemplate: toCommonTemplate(commonTemplate), commonConditions },
      {
        onSuccess: (user) => {
          notifications.show({ color: 'green', message: TOASTS.profileSetUp });
          setSaved(user);
        },
        onError: () => notifications.show({ color: 'red', message: TOASTS.profileSetupFailed }),
      },
    );
  });

  return (
    <form onSubmit={save} noValidate>
      {updateProfile.isPending ? <FullScreenLoader label="Saving your profile…" /> : null}
      <Stack gap="md">
        <div>
          <Title order={1}>Let&apos;s set your profile up!</Title>
          <Text c="dimmed" mt={4}>
            Tell us about your work so we can recommend the right templates.
          </Text>
        </div>
        <WorkFields form={form} />
        <Button type="submit" fullWidth loading={updateProfile.isPending || saved !== null}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
