import { registerSchema, type RegisterInput } from '@clerkly/contracts';
import { Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { paths } from '../../../config/paths';
import { NewPasswordField } from '../../../components/new-password-field';
import { useZodForm } from '../../../lib/zod-form';
import { NameFields } from '../../../components/name-fields';

type RegisterFormProps = {
  onSubmit: (input: RegisterInput) => void;
  submitting: boolean;
};

// The legal documents are not part of the SPA yet: these addresses are placeholders until
// their real home is decided. A new tab keeps the half-filled form.

/** The sign-up form of spec point 2 "Register", with the rules of spec point 5. */
export function RegisterForm({ onSubmit, submitting }: RegisterFormProps) {
  const form = useZodForm({
    schema: registerSchema,
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <NameFields
          firstName={form.textInputProps('firstName')}
          lastName={form.textInputProps('lastName')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.textInputProps('email')}
        />
        <NewPasswordField label="Password" {...form.textInputProps('password')} />
        <NewPasswordField label="Confirm Password" {...form.textInputProps('confirmPassword')} />
        <Checkbox
          label={
            <>
              I agree to the{' '}
              <Anchor href={paths.terms} target="_blank" rel="noreferrer">
                Terms of Service
              </Anchor>{' '}
              and{' '}
              <Anchor href={paths.privacy} target="_blank" rel="noreferrer">
                Privacy Policy
              </Anchor>
            </>
          }
          checked={form.values.terms}
          onChange={(event) => form.setFieldValue('terms', event.currentTarget.checked)}
          error={form.errors.terms}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
