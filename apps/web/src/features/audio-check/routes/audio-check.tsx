import { Paper, Stack, Text, Title } from '@mantine/core';
import { AudioDeviceSettings } from '../../../components/audio-device-settings';
import { MicTest } from '../../../components/mic-test';
import { useAudioDevices } from '../../../hooks/use-audio-devices';
import { usePageTitle } from '../../../lib/use-page-title';

/** /audio-check (spec point 2): choose speaker and microphone, then test the microphone. */
export function AudioCheckPage() {
  usePageTitle('Audio Check');
  const devices = useAudioDevices();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Audio Check</Title>
      <Text c="dimmed">
        Set up your audio before your patient sessions: choose the speaker and microphone to use,
        then check that the microphone hears you.
      </Text>

      <Paper withBorder p="lg" component="section" aria-labelledby="audio-check-devices">
        {/* Not "Audio Check" again: the page heading already says it. */}
        <Title order={2} size="h3" mb="md" id="audio-check-devices">
          Speaker and microphone
        </Title>
        <AudioDeviceSettings devices={devices} />
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="audio-check-mic-test">
        <Title order={2} size="h3" mb="md" id="audio-check-mic-test">
          Mic Test
        </Title>
        <MicTest
          deviceId={devices.microphoneId}
          disabled={devices.status === 'unsupported' || devices.status === 'loading'}
        />
      </Paper>
    </Stack>
  );
}
