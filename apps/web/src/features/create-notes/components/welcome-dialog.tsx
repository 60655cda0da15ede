import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AudioDeviceSettings } from '../../../components/audio-device-settings';
import { MicTest } from '../../../components/mic-test';
import { useAudioDevices } from '../../../hooks/use-audio-devices';

export const WELCOME_TITLE = 'Set up your audio';

/** Mounted only while the pop-up shows: it asks for the microphone to list the devices. */
function AudioSetup({ onDone }: { onDone: () => void }) {
  const devices = useAudioDevices();
  return (
    <Stack gap="md">
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
 * Issue 14: a real modal dialog, so it takes focus, keeps it inside, closes with Escape and
 * gives focus back; before, it floated over Start Session and a keyboard user could not reach it.
 */
export function WelcomeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={WELCOME_TITLE} size="lg" centered>
      {opened && <AudioSetup onDone={onClose} />}
    </Modal>
  );
}
