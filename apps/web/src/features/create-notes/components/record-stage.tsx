import { LIMIT_MESSAGES } from '@clerkly/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useRef } from 'react';
import { useAudioDevices } from '../../../hooks/use-audio-devices';
import { useFocusReturn } from '../../../hooks/use-focus-return';
import { useTemplates } from '../api/get-templates';
import { useUsage } from '../api/get-usage';
import { useNoteGeneration } from '../hooks/use-note-generation';
import { useSessionRecorder } from '../hooks/use-session-recorder';
import { exceedsTrialNotes } from '../lib/trial-limits';
import { useSessionDispatch, useSessionState } from '../state/session-store';
import { formatDuration } from '../lib/format-duration';
import { GenerationOverlay } from './generation-overlay';
import { LiveTranscript } from './live-transcript';
import { RecorderControls } from './recorder-controls';
import { RecordingPlayback } from './recording-playback';
import { UploadStatus } from './upload-status';
import { SessionHeader } from './session-header';
import { TemplatePicker } from './template-picker';
import { WarningAlert } from '../../../components/warning-alert';

/**
 * Stage 2 (spec points 2 and 4): record the consultation, choose the templates, Generate Notes.
 * Generate Notes is disabled while working, when templates failed to load, with no template
 * chosen, or when a trial's note allowance would be passed; without audio it does nothing.
 */
export function RecordStage({ onExit }: { onExit: () => void }) {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const devices = useAudioDevices();
  const templates = useTemplates();
  const usage = useUsage();
  const generation = useNoteGeneration();
  const recorder = useSessionRecorder({
    deviceId: devices.microphoneId,
    // Spec point 4: when recording stops, the template list is refreshed.
    onRecorded: () => void templates.refetch(),
  });

  const recording = recorder.state.status !== 'idle';
  const hasAudio = state.segmentCount > 0;
  const isFreeTrial = usage.data?.isFreeTrial ?? false;
  const selected = state.selectedTemplateIds;
  const overAllowance = exceedsTrialNotes(usage.data, selected.length);
  const working = generation.busy || recording;
  const disabled = working || templates.isError || selected.length === 0 || overAllowance;
  // A generation that ends here (cancelled or failed) returns focus to Generate Notes; one that
  // succeeds moves on to the notes, whose heading takes focus.
  const generateButton = useRef<HTMLButtonElement>(null);
  useFocusReturn(generateButton, generation.busy);

  const generate = () => {
    if (!hasAudio) return;
    void generation.generate({ templateIds: selected });
  };

  return (
    <Stack gap="lg">
      <SessionHeader onExit={onExit} disabled={generation.busy} />

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} size="h4">
            Record the consultation
          </Title>
          <RecorderControls
            recorder={recorder}
            devices={devices}
            startLabel={hasAudio ? 'Record more' : 'Start Recording'}
            disabled={generation.busy}
          />
          {hasAudio && !recording && (
            <Group gap="md" align="center">
              <Text size="sm" role="status">
                Recording ready. {formatDuration(state.recordedSeconds * 1000)} of audio.
              </Text>
              <RecordingPlayback segmentCount={state.segmentCount} />
            </Group>
          )}
          <UploadStatus />
        </Stack>
      </Paper>

      {(recording || hasAudio) && <LiveTranscript recording={recording} />}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} size="h4">
            Choose templates
          </Title>
          <TemplatePicker
            templates={templates}
            selected={selected}
            onChange={(templateIds) => dispatch({ type: 'templatesSelected', templateIds })}
            isFreeTrial={isFreeTrial}
          />
        </Stack>
      </Paper>

      {(overAllowance || generation.limitMessage) && (
        <WarningAlert color="orange">
          {generation.limitMessage ?? LIMIT_MESSAGES.trialNotesExhausted}
        </WarningAlert>
      )}

      <Group justify="flex-end" gap="md">
        {!hasAudio && (
          <Text size="sm" c="dimmed">
            Record the consultation to generate notes.
          </Text>
        )}
        <Button
          ref={generateButton}
          size="md"
          leftSection={<IconSparkles size={18} aria-hidden />}
          disabled={disabled}
          onClick={generate}
        >
          Generate Notes
        </Button>
      </Group>

      <GenerationOverlay generation={generation} />
    </Stack>
  );
}
