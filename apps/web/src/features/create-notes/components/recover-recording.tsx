import { patientSessionSchema } from '@clerkly/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  deleteSessionRecording,
  listSessionRecordings,
  loadUnsentAudio,
  storeSegment,
  type StoredSessionRecording,
} from '../../../lib/recording-store';
import { lazyDialog } from '../../../components/lazy-dialog';
import { formatDuration } from '../lib/format-duration';
import { segmentWav } from '../state/segment-pipeline';
import { useSessionDispatch } from '../state/session-store';
import { SEGMENT_RULES } from '@clerkly/contracts';

// Its code loads when it first opens (issue 13).
const DiscardRecordingModal = lazyDialog(() =>
  import('./discard-recording-modal').then((m) => m.DiscardRecordingModal),
);

/** A stored context written by an older version of the page is ignored, not trusted. */
const recordingContextSchema = z.object({
  session: patientSessionSchema,
  patient: z.object({ name: z.string(), appointmentTypeId: z.number().int() }),
  selectedTemplateIds: z.array(z.number().int()),
});

const storedRecordingsKey = (owner: string) => ['stored-recordings', owner] as const;

// Made on first use: the first date format of a page loads the locale data, 200 ms of a slow
// phone's CPU while Create Notes starts, for a notice that shows only after a crash (issue 25).
let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (date: Date | number) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', {
    dateStyle: 'short',
    timeStyle: 'short',
  })).format(date);

/**
 * Issue 5: a recording interrupted by a reload or a crashed tab is still in the browser; offer to
 * recover it into its session (ready for Generate Notes), or to discard it. Issue 9: the segment
 * that was being recorded becomes the session's last segment, and every segment the server has
 * not acknowledged is sent once the session is back on screen.
 */
export function RecoverRecording({ owner }: { owner: string }) {
  const dispatch = useSessionDispatch();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const stored = useQuery({
    queryKey: storedRecordingsKey(owner),
    queryFn: () => listSessionRecordings(owner),
    enabled: owner !== '',
    retry: false,
    gcTime: 0,
  });

  const [latest] = stored.data ?? [];
  if (!latest) return null;
  const context = recordingContextSchema.safeParse(latest.context);

  const discard = async (recording: StoredSessionRecording) => {
    setWorking(true);
    try {
      await deleteSessionRecording(recording.sessionId);
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
      let { segmentCount, durationSeconds } = latest;
      // The segment cut short by the reload is closed here, as Stop would have done.
      const { open } = await loadUnsentAudio(latest.sessionId);
      for (const segment of open) {
        if (segment.seq < segmentCount || segment.samples.length === 0) continue;
        const seconds = segment.samples.length / SEGMENT_RULES.sampleRate;
        await storeSegment({
          sessionId: segment.sessionId,
          seq: segmentCount,
          audio: segmentWav(segment.samples),
          durationSeconds: seconds,
        });
        segmentCount += 1;
        durationSeconds += seconds;
      }
      if (segmentCount === 0) {
        await discard(latest);
        return;
      }
      dispatch({
        type: 'recordingRecovered',
        ...context.data,
        segmentCount,
        recordedSeconds: durationSeconds,
      });
    } catch (error) {
      console.warn('The stored recording could not be read.', error);
      setWorking(false);
    }
  };

  const length = formatDuration(latest.recordedSeconds * 1000);
  const about = context.success
    ? `The recording of ${context.data.patient.name} (about ${length})`
    : 'The recording';

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
            ? `A recording of ${context.data.patient.name} (about ${length}) from ${formatDate(latest.createdAt)} was not saved.`
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
            onClick={() => setConfirmingDiscard(true)}
          >
            Discard recording
          </Button>
        </Group>
        <DiscardRecordingModal
          opened={confirmingDiscard}
          description={about}
          onCancel={() => setConfirmingDiscard(false)}
          onConfirm={() => {
            setConfirmingDiscard(false);
            void discard(latest);
          }}
        />
      </Stack>
    </Alert>
  );
}
