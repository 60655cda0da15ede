import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatDuration } from '../lib/format-duration';
import { useSegmentPipeline } from '../state/segment-pipeline';

/**
 * Says when recorded audio is waiting in the browser because the server cannot be reached or
 * refused it (issue 9). Recording goes on either way; nothing is lost.
 */
export function UploadStatus() {
  const pipeline = useSegmentPipeline();
  const { uploads } = pipeline;
  if (!uploads.retrying && !uploads.refused) return null;
  const waiting = formatDuration(uploads.pendingSeconds * 1000);

  return (
    <Alert
      color={uploads.refused ? 'red' : 'yellow'}
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {uploads.refused
            ? `${uploads.refused.message} ${waiting} of audio is kept in this browser.`
            : `The server cannot be reached. Recording goes on: ${waiting} of audio is kept in this browser and will be sent when the connection is back.`}
        </Text>
        <Button size="xs" variant="default" onClick={pipeline.retryUploads}>
          Send now
        </Button>
      </Stack>
    </Alert>
  );
}
