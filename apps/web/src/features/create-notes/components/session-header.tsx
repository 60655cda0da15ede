import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useAppointmentTypes } from '../api/get-appointment-types';
import { useSessionState } from '../state/session-store';

/** Whose session this is, with the stage's actions and Exit Session. */
export function SessionHeader({
  onExit,
  disabled = false,
  children,
}: {
  onExit: () => void;
  disabled?: boolean;
  /** Actions shown before Exit Session. */
  children?: ReactNode;
}) {
  const { patient } = useSessionState();
  const heading = useRef<HTMLHeadingElement>(null);
  // Issue 14: a new stage (after Start Session, and when the notes arrive) replaces the control
  // that had focus; focus goes to the stage's heading, the patient's name, rather than falling
  // to the page body, so a screen reader announces where the user now is.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const appointmentTypes = useAppointmentTypes();
  const appointmentType = appointmentTypes.data?.find(
    (type) => type.id === patient?.appointmentTypeId,
  );

  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {patient?.name}
        </Title>
        {appointmentType && (
          <Text size="sm" c="dimmed">
            {appointmentType.name}
          </Text>
        )}
      </Stack>
      <Group gap="sm">
        {children}
        <Button
          variant="default"
          leftSection={<IconDoorExit size={16} aria-hidden />}
          onClick={onExit}
          disabled={disabled}
        >
          Exit Session
        </Button>
      </Group>
    </Group>
  );
}
