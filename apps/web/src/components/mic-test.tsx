import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useMicTest } from '../hooks/use-mic-test';
import { FrequencyBars } from './frequency-bars';
import { WarningAlert } from './warning-alert';

type MicTestProps = {
  /** The microphone to test (from `useAudioDevices`); `null` uses the system default. */
  deviceId: string | null;
  disabled?: boolean;
};

/**
 * The microphone test of spec point 2: Start Recording / Stop Recording and a live
 * frequency-bar canvas. Used on Audio Check and in the Create Notes welcome pop-up.
 */
export function MicTest({ deviceId, disabled = false }: MicTestProps) {
  const { state, start, stop } = useMicTest(deviceId);
  const recording = state.status === 'recording';

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Start recording and say a few words: the bars move when your microphone picks up your voice.
        Nothing is saved.
      </Text>
      <Group gap="md" align="center">
        {recording ? (
          <Button
            color="red"
            leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
            onClick={stop}
          >
            Stop Recording
          </Button>
        ) : (
          <Button
            leftSection={<IconMicrophone size={16} aria-hidden />}
            loading={state.status === 'starting'}
            disabled={disabled}
            onClick={() => void start()}
          >
            Start Recording
          </Button>
        )}
        <FrequencyBars analyser={recording ? state.analyser : null} />
        {recording && (
          <Badge color="red" variant="dot" role="status">
            Listening
          </Badge>
        )}
      </Group>
      {state.status === 'error' && (
        <WarningAlert title="Microphone test unavailable">{state.message}</WarningAlert>
      )}
    </Stack>
  );
}
