import { patientSessionSchema } from '@clerkly/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  deleteStoredRecording,
  listStoredRecordings,
  loadRecordingParts,
  type StoredRecording,
} from '../../../lib/recording-store';
import { formatDuration } from '../lib/format-duration';
import { useSessionDispatch } from '../state/session-store';

/** A stored context written by an older version of the page is ignored, not trusted. */
const recordingContextSchema = z.object({
  session: patientSessionSchema,
  patient: z.object({ name: z.string(), appointmentTypeId: z.number().int() }),
  selectedTemplateIds: z.array(z.number().int()),
});

const storedRecordingsKey = (owner: string) => ['stored-recordings', owner] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/**
 * Issue 5: a recording interrupted by a reload or a crashed tab is still in the browser; offer to
 * recover it into its session (ready for Generate Notes), or to discard it.
 */
export function RecoverRecording({ owner }: { owner: string }) {
  const dispatch = useSessionDispatch();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const stored = useQuery({
    queryKey: storedRecordingsKey(owner),
    queryFn: () => listStoredRecordings(owner),
    enabled: owner !== '',
    retry: false,
    gcTime: 0,
  });

  const [latest] = stored.data ?? [];
  if (!latest) return null;
  const context = recordingContextSchema.safeParse(latest.context);

  const discard = async (recording: StoredRecording) => {
    setWorking(true);
    try {
      await deleteStoredRecording(recording.id);
    } catch (error) {
      console.warn('The stored recording could not be deleted.', error);
    } finally {
      setWorking(false);
      await queryClient.invalidateQueries({ queryKey: storedRecordingsKey(owner) });
    }
  };

  const recover = async () => {
    if (!context.success) return;
    setWorking(true);
    try {
      const recordings = (await loadRecordingParts(latest.id)).filter((part) => part.size > 0);
      if (recordings.length === 0) {
        await discard(latest);
        return;
      }
      dispatch({
        type: 'recordingRecovered',
        ...context.data,
        recordings,
        storedRecordingId: latest.id,
      });
    } catch (error) {
      console.warn('The stored recording could not be read.', error);
      setWorking(false);
    }
  };

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRestore size={18} aria-hidden />}
      title="Unsaved recording found"
      role="region"
      aria-label="Unsaved recording"
    >
      <Stack gap="sm">
        <Text size="sm">
          {context.success
            ? `A recording of ${context.data.patient.name} (about ${formatDuration(
                latest.chunkCount * 1000,
              )}) from ${dateFormat.format(latest.createdAt)} was not saved.`
            : 'A recording from an earlier version of this page was not saved.'}{' '}
          Recover the unsaved recording to generate its notes, or discard it.
        </Text>
        <Group gap="sm">
          {context.success && (
            <Button size="xs" loading={working} onClick={() => void recover()}>
              Recover recording
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            disabled={working}
            onClick={() => void discard(latest)}
          >
            Discard recording
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
