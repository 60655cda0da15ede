import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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
  const appointmentTypes = useAppointmentTypes();
  const appointmentType = appointmentTypes.data?.find(
    (type) => type.id === patient?.appointmentTypeId,
  );

  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3">
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
