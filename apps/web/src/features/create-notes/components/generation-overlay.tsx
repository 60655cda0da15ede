import { Loader, LoadingOverlay, Paper, Progress, Stack, Text } from '@mantine/core';
import type { GenerationProgress } from '../hooks/use-note-generation';

const MESSAGES = {
  analysing: 'Analysing your session...',
  generating: 'Hang on! Generating notes...',
} as const;

/**
 * The loading overlay of spec point 4 while a recording is uploaded and turned into notes, with
 * real upload progress for a long consultation.
 */
export function GenerationOverlay({ progress }: { progress: GenerationProgress }) {
  const message = progress ? MESSAGES[progress.phase] : '';
  const sent =
    progress?.phase === 'analysing' && progress.sent !== null
      ? Math.round(progress.sent * 100)
      : null;

  return (
    <LoadingOverlay
      visible={progress !== null}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 2 }}
      loaderProps={{
        children: (
          <Paper shadow="md" radius="md" p="xl" miw={320} role="status" aria-live="polite">
            <Stack align="center" gap="md">
              <Loader />
              <Text fw={600}>{message}</Text>
              {sent !== null && (
                <Stack gap={4} w="100%">
                  <Progress value={sent} aria-label="Upload progress" />
                  <Text size="xs" c="dimmed" ta="center">
                    Uploading the recording: {sent}%
                  </Text>
                </Stack>
              )}
            </Stack>
          </Paper>
        ),
      }}
    />
  );
}
