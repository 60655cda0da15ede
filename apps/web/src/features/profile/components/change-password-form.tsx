import { TOASTS, changePasswordSchema } from '@clerkly/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { NewPasswordField } from '../../../components/new-password-field';
import { useZodForm } from '../../../lib/zod-form';
import { useChangePassword } from '../api/change-password';

/** The Change Password section of /profile (spec point 2): current and new password. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useZodForm({
    schema: changePasswordSchema,
    initialValues: { oldPassword: '', newPassword: '' },
  });

  const submit = form.onSubmit((input) =>
    changePassword.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: TOASTS.passwordUpdated });
        form.reset();
      },
      onError: () => notifications.show({ color: 'red', message: TOASTS.passwordChangeFailed }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CurrentPasswordField label="Current Password" {...form.textInputProps('oldPassword')} />
        <NewPasswordField label="New Password" {...form.textInputProps('newPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
