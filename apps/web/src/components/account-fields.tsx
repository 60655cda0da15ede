import { TextInput } from '@mantine/core';
import type { TextFieldProps } from '../lib/zod-form';
import { PasswordField } from './password-field';

// The fields of an account's credentials, required, each with the `autocomplete` token that
// lets a password manager fill it: offer the saved account, or generate and save a new password.

type LabelledFieldProps = TextFieldProps & { label: string };

/** The e-mail of an existing account, as login and the forgot-password request ask it. */
export function AccountEmailField(props: TextFieldProps) {
  return <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...props} />;
}

/** The password the account has now (login, Change Password). */
export function CurrentPasswordField(props: LabelledFieldProps) {
  return <PasswordField autoComplete="current-password" withAsterisk {...props} />;
}

/** A password being chosen, or its confirmation (sign-up, password reset, Change Password). */
export function NewPasswordField(props: LabelledFieldProps) {
  return <PasswordField autoComplete="new-password" withAsterisk {...props} />;
}
