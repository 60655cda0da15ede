import type { TextFieldProps } from '../lib/zod-form';
import { PasswordField } from './password-field';

/**
 * The password the account has now (login, Change Password): required, and marked
 * `current-password` so a password manager fills in the saved one.
 */
export function CurrentPasswordField(props: TextFieldProps & { label: string }) {
  return <PasswordField autoComplete="current-password" withAsterisk {...props} />;
}
