import { TOASTS, profileSettingsSchema, type CurrentUser } from '@clerkly/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useZodForm } from '../../../lib/zod-form';
import { userProfileQueryKey } from '../api/get-user-profile';
import { fromCommonTemplate, toCommonTemplate, useUpdateProfile } from '../api/update-profile';
import { WorkFields } from './profile-fields';
import { NameFields } from '../../../components/name-fields';

/** Editable names, read-only email, profession, templates and conditions (spec point 2). */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();
  const form = useZodForm({
    schema: profileSettingsSchema,
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      profession: user.profession ?? '',
      commonTemplate: fromCommonTemplate(user.commonTemplate),
      commonConditions: user.commonConditions,
    },
  });

  const save = form.onSubmit(({ commonTemplate, ...rest }) =>
    updateProfile.mutate(
      { ...rest, commonTemplate: toCommonTemplate(commonTemplate) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: TOASTS.profileSaved });
          form.reset({
            firstName: saved.firstName,
            lastName: saved.lastName,
            profession: saved.profession ?? '',
            commonTemplate: fromCommonTemplate(saved.commonTemplate),
            commonConditions: saved.commonConditions,
          });
          // Names show in the user menu and the profession decides which templates are
          // recommended: whatever else was read before the change is stale now.
          void queryClient.invalidateQueries({
            predicate: (query) => query.queryKey[0] !== userProfileQueryKey[0],
          });
        },
        onError: () => notifications.show({ color: 'red', message: TOASTS.profileSaveFailed }),
      },
    ),
  );

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <NameFields
          firstName={form.textInputProps('firstName')}
          lastName={form.textInputProps('lastName')}
        />
        <TextInput label="Email" value={user.email} readOnly variant="filled" />
        <WorkFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={updateProfile.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
