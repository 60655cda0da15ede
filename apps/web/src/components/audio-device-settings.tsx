import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconVolume } from '@tabler/icons-react';
import { WarningAlert } from './warning-alert';
import type { AudioDevice, AudioDevices } from '../hooks/use-audio-devices';

const toOptions = (devices: AudioDevice[]) =>
  devices.map((device) => ({ value: device.deviceId, label: device.label }));

function TryAgain({ devices }: { devices: AudioDevices }) {
  return (
    <Button size="xs" variant="light" onClick={devices.refresh}>
      Try again
    </Button>
  );
}

function DevicesProblem({ devices }: { devices: AudioDevices }) {
  switch (devices.status) {
    case 'loading':
    case 'ready':
      return null;
    case 'denied':
      return (
        <WarningAlert title="Microphone access is blocked" action={<TryAgain devices={devices} />}>
          Allow microphone access for this site in your browser&apos;s settings (the icon next to
          the address), then try again.
        </WarningAlert>
      );
    case 'unsupported':
      return (
        <WarningAlert title="Audio devices are not available">
          This browser cannot list audio devices. Use a recent version of Chrome, Edge, Firefox or
          Safari, on a secure (https) address.
        </WarningAlert>
      );
    case 'error':
      return (
        <WarningAlert
          title="Audio devices could not be listed"
          action={<TryAgain devices={devices} />}
        >
          Check that your microphone is plugged in, then try again.
        </WarningAlert>
      );
  }
}

/**
 * Speaker and microphone choice with the microphone's Connected / Not connected badge
 * (spec point 2 "Audio Check"). Used on Audio Check and in the Create Notes welcome pop-up.
 */
export function AudioDeviceSettings({ devices }: { devices: AudioDevices }) {
  const loading = devices.status === 'loading';

  return (
    <Stack gap="md">
      <Select
        label="Speaker"
        leftSection={<IconVolume size={16} aria-hidden />}
        data={toOptions(devices.speakers)}
        value={devices.speakerId}
        onChange={(value) => value && devices.selectSpeaker(value)}
        allowDeselect={false}
        disabled={loading || devices.speakers.length === 0}
        // Some browsers do not list speakers; sound then plays on the system default.
        placeholder={loading ? 'Looking for speakers…' : 'System default speaker'}
      />
      {/* Wraps on a phone, so the field keeps room for its placeholder (issue 14). */}
      <Group align="flex-end" gap="sm">
        <Select
          label="Microphone"
          leftSection={<IconMicrophone size={16} aria-hidden />}
          data={toOptions(devices.microphones)}
          value={devices.microphoneId}
          onChange={(value) => value && devices.selectMicrophone(value)}
          allowDeselect={false}
          disabled={loading || devices.microphones.length === 0}
          placeholder={loading ? 'Looking for microphones…' : 'No microphone found'}
          style={{ flex: '1 1 16rem' }}
        />
        <Badge
          size="lg"
          // Filled: the light teal variant is 4.3:1, under WCAG AA (issue 14).
          variant="filled"
          color={devices.microphoneConnected ? 'teal.9' : 'red.9'}
          mb={6}
          role="status"
        >
          {devices.microphoneConnected ? 'Connected' : 'Not connected'}
        </Badge>
      </Group>
      {devices.status === 'ready' && devices.microphones.length === 0 && (
        <Text size="sm" c="dimmed">
          No microphone found. Plug one in: it appears here automatically.
        </Text>
      )}
      <DevicesProblem devices={devices} />
    </Stack>
  );
}
