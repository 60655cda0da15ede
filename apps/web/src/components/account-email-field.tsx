import { TextInput } from '@mantine/core';
import type { TextFieldProps } from '../lib/zod-form';

/**
 * The e-mail of an existing account, as login and the forgot-password request ask it: required,
 * and marked `username` so a password manager offers the saved account.
 */
export function AccountEmailField(props: TextFieldProps) {
  return <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...props} />;
}
