import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  IconMicrophone,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerStopFilled,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { focusLost } from '../../../hooks/use-focus-return';
import { FrequencyBars } from '../../../components/frequency-bars';
import type { AudioDevices } from '../../../hooks/use-audio-devices';
import type { RecorderState } from '../hooks/use-recorder';
import { formatDuration } from '../lib/format-duration';
import { WarningAlert } from '../../../components/warning-alert';

export type RecorderControlsProps = {
  recorder: {
    state: RecorderState;
    elapsedMs: number;
    error: string | null;
    start: () => Promise<void>;
    pause: () => void;
    resume: () => void;
    stop: () => void;
  };
  devices: AudioDevices;
  /** Label of the start button, e.g. "Record more" once there is audio. */
  startLabel?: string;
  disabled?: boolean;
};

/**
 * Start, pause, resume and stop, the live input graph and the running time (spec point 4
 * "Recording"). Choosing another microphone while recording stops the recording.
 */
export function RecorderControls({
  recorder,
  devices,
  startLabel = 'Start Recording',
  disabled = false,
}: RecorderControlsProps) {
  const { state, elapsedMs, error } = recorder;
  const active = state.status === 'recording' || state.status === 'paused';
  const paused = state.status === 'paused';
  const analyser = state.status === 'recording' ? state.analyser : null;
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const previous = useRef(state.status);

  // Issue 14: Start, Pause, Resume and Stop replace each other. When the one that had focus
  // goes, focus moves to the control taking its place (Stop after Start, Resume after Pause,
  // Pause after Resume, Start after Stop) instead of falling to the page body; not when focus
  // is elsewhere (e.g. a recording stopped by choosing another microphone).
  useEffect(() => {
    const from = previous.current;
    previous.current = state.status;
    if (from === state.status || state.status === 'starting') return;
    if (!focusLost()) return;
    const target =
      state.status === 'idle'
        ? startButton
        : state.status === 'paused' || from === 'paused'
          ? pauseButton
          : stopButton;
    target.current?.focus();
  }, [state.status]);

  return (
    <Stack gap="md">
      <Select
        label="Microphone"
        leftSection={<IconMicrophone size={16} aria-hidden />}
        data={devices.microphones.map((device) => ({
          value: device.deviceId,
          label: device.label,
        }))}
        value={devices.microphoneId}
        onChange={(value) => value && devices.selectMicrophone(value)}
        allowDeselect={false}
        disabled={devices.status === 'loading' || devices.microphones.length === 0}
        placeholder={
          devices.status === 'loading' ? 'Looking for microphones…' : 'System default microphone'
        }
        description={active ? 'Choosing another microphone stops the recording.' : undefined}
        maxDropdownHeight="12rem"
        maw={420}
      />
      <Group gap="md" align="center">
        {active ? (
          <>
            {/* One button, Pause while recording and Resume while paused. */}
            <Button
              ref={pauseButton}
              variant="default"
              leftSection={
                paused ? (
                  <IconPlayerPlayFilled size={16} aria-hidden />
                ) : (
                  <IconPlayerPauseFilled size={16} aria-hidden />
                )
              }
              onClick={paused ? recorder.resume : recorder.pause}
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              ref={stopButton}
              color="red"
              leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
              onClick={recorder.stop}
            >
              Stop Recording
            </Button>
          </>
        ) : (
          <Button
            ref={startButton}
            leftSection={<IconMicrophone size={16} aria-hidden />}
            loading={state.status === 'starting'}
            // The microphone list settles first: a choice arriving mid-recording would stop it.
            disabled={disabled || devices.status === 'loading'}
            onClick={() => void recorder.start()}
          >
            {startLabel}
          </Button>
        )}
        <FrequencyBars analyser={analyser} label="Recording input level" />
        {active && (
          <Group gap="xs">
            <Badge color={state.status === 'recording' ? 'red' : 'gray'} variant="dot">
              {state.status === 'recording' ? 'Recording' : 'Paused'}
            </Badge>
            <Text size="sm" ff="monospace" role="timer" aria-label="Recording time">
              {formatDuration(elapsedMs)}
            </Text>
          </Group>
        )}
      </Group>
      {error && <WarningAlert>{error}</WarningAlert>}
    </Stack>
  );
}
