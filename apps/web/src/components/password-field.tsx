import { PasswordInput, type PasswordInputProps } from '@mantine/core';

type PasswordFieldProps = Omit<PasswordInputProps, 'label'> & { label: string };

/**
 * A password input with its show/hide toggle (spec point 2). The toggle is named after its
 * field, so "Show New Password" and "Show Confirm New Password" can be told apart, and it can be
 * reached with the keyboard.
 */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      label={label}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `Show ${label}` }}
      {...props}
    />
  );
}
