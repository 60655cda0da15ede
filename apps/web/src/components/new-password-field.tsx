import type { TextFieldProps } from '../lib/zod-form';
import { PasswordField } from './password-field';

/**
 * A password being chosen, or its confirmation (sign-up, password reset, Change Password):
 * required, and marked `new-password` so a password manager offers to generate and save one.
 */
export function NewPasswordField(props: TextFieldProps & { label: string }) {
  return <PasswordField autoComplete="new-password" withAsterisk {...props} />;
}
