import { Button, CloseButton, Dialog, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { AudioDeviceSettings } from '../../../components/audio-device-settings';
import { MicTest } from '../../../components/mic-test';
import { useAudioDevices } from '../../../hooks/use-audio-devices';

/** Mounted only while the pop-up shows: it asks for the microphone to list the devices. */
function AudioSetup({ titleId, onDone }: { titleId: string; onDone: () => void }) {
  const devices = useAudioDevices();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          Set up your audio
        </Title>
        <CloseButton aria-label="Close audio setup" onClick={onDone} />
      </Group>
      <Text size="sm" c="dimmed">
        Before your first patient, choose your microphone and check that it hears you.
      </Text>
      <AudioDeviceSettings devices={devices} />
      <MicTest deviceId={devices.microphoneId} disabled={!devices.microphoneConnected} />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * The welcome pop-up of spec point 2 (set up audio, with microphone test and device selection).
 * It floats beside the page rather than blocking it: a clinician who is ready can start at once.
 */
export function WelcomeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      size="lg"
      radius="md"
      shadow="xl"
      position={{ bottom: 20, right: 20 }}
      role="dialog"
      aria-labelledby={titleId}
    >
      <AudioSetup titleId={titleId} onDone={onClose} />
    </Dialog>
  );
}
