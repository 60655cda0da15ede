import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type WarningAlertProps = {
  /** Yellow: something to fix; orange: a limit reached; red: the step cannot go on. */
  color?: 'yellow' | 'orange' | 'red';
  title?: string;
  /** The way out (a button), shown under the message. */
  action?: ReactNode;
  children: ReactNode;
};

/**
 * A problem the user is told about at once (role="alert"), with the warning triangle and, where
 * there is one, the way out under the message: one look for every such notice in the app.
 */
export function WarningAlert({ color = 'yellow', title, action, children }: WarningAlertProps) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      role="alert"
    >
      {action ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{children}</Text>
          {action}
        </Stack>
      ) : (
        children
      )}
    </Alert>
  );
}
