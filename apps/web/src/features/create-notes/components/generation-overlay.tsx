import { describeGeneration } from '@clerkly/contracts';
import {
  Button,
  Group,
  Loader,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { NoteGeneration } from '../hooks/use-note-generation';
import type { UploadQueueState } from '../lib/segment-upload-queue';

/** Spec point 4: the overlay's two messages. */
const OVERLAY_MESSAGES = {
  analysing: 'Analysing your session...',
  generating: 'Hang on! Generating notes...',
} as const;

const secondsText = (seconds: number) => {
  const whole = Math.max(1, Math.round(seconds));
  return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
};

/** Issue 9: while the last segments are sent, how much audio is left to send. */
function describeUploads(uploads: UploadQueueState): string {
  if (uploads.pending === 0) return 'All audio sent.';
  const left = `the last ${secondsText(uploads.pendingSeconds)} of audio`;
  return uploads.retrying ? `Waiting for the connection to send ${left}…` : `Sending ${left}…`;
}

/**
 * The waiting screen of spec point 4 between Generate Notes and the notes: what is happening
 * right now instead of a bare spinner (issue 9), and a failed generation with Retry.
 */
export function GenerationOverlay({
  generation,
}: {
  /** The stage's note generation (`useNoteGeneration`): what it is doing, Retry and Cancel. */
  generation: Pick<NoteGeneration, 'progress' | 'uploads' | 'retry' | 'cancel'>;
}) {
  const { progress, uploads, cancel: onCancel } = generation;
  const onRetry = () => void generation.retry();
  return (
    <LoadingOverlay
      visible={progress !== null}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 2 }}
      loaderProps={{
        children: progress && (
          <Paper shadow="md" radius="md" p="xl" miw={320} maw="calc(100vw - 32px)">
            {progress.phase === 'failed' ? (
              <Stack align="center" gap="md" role="alert">
                <ThemeIcon color="red" variant="light" size="xl" radius="xl">
                  <IconAlertTriangle size={24} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{describeGeneration(progress.generation)}</Text>
                <Text size="sm" ta="center" maw={360}>
                  {progress.generation.error ??
                    'Something went wrong while writing the notes. Your recording is kept.'}
                </Text>
                <Group gap="sm">
                  <Button variant="default" onClick={onCancel}>
                    Cancel
                  </Button>
                  <Button onClick={onRetry}>Retry</Button>
                </Group>
              </Stack>
            ) : (
              <Stack align="center" gap="md" role="status" aria-live="polite">
                <Loader />
                <Text fw={600}>
                  {progress.phase === 'uploading'
                    ? OVERLAY_MESSAGES.analysing
                    : OVERLAY_MESSAGES.generating}
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  {progress.phase === 'uploading'
                    ? describeUploads(uploads)
                    : progress.generation
                      ? describeGeneration(progress.generation)
                      : 'Starting…'}
                </Text>
                {progress.phase === 'uploading' && uploads.retrying && (
                  <Button variant="default" size="xs" onClick={onCancel}>
                    Cancel
                  </Button>
                )}
              </Stack>
            )}
          </Paper>
        ),
      }}
    />
  );
}
