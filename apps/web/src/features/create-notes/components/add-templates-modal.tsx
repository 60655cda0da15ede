import { LIMIT_MESSAGES, TOASTS } from '@clerkly/contracts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useGenerateMoreNotes } from '../api/generate-more-notes';
import { useTemplates } from '../api/get-templates';
import { useUsage } from '../api/get-usage';
import { isLimitError } from '../hooks/use-note-generation';
import { exceedsTrialNotes } from '../lib/trial-limits';
import { useSessionDispatch, useSessionState } from '../state/session-store';
import { TemplatePicker } from './template-picker';

/**
 * Notes for further templates from the transcript the session already has (issue 5 point 3,
 * `POST /api/deepgram/notes-with-more-templates`): no new upload, no new transcription.
 */
export function AddTemplatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { session, transcribedText, generatedNotes } = useSessionState();
  const dispatch = useSessionDispatch();
  const templates = useTemplates();
  const usage = useUsage();
  const generateMore = useGenerateMoreNotes();
  const [selected, setSelected] = useState<number[]>([]);
  const overAllowance = exceedsTrialNotes(usage.data, selected.length);

  const close = () => {
    setSelected([]);
    onClose();
  };

  const generate = () => {
    if (!session || selected.length === 0 || generateMore.isPending) return;
    generateMore.mutate(
      { selectedTemplates: selected, transcribedText, sessionId: session.id },
      {
        onSuccess: (outputs) => {
          dispatch({ type: 'moreNotesGenerated', outputs });
          close();
        },
        onError: (error) => {
          console.warn('Generating notes for more templates failed.', error);
          notifications.show({
            color: 'red',
            message: isLimitError(error) ? error.message : TOASTS.audioProcessingFailed,
          });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add templates" size="lg" centered>
      <Stack gap="md">
        <TemplatePicker
          templates={templates}
          selected={selected}
          onChange={setSelected}
          isFreeTrial={usage.data?.isFreeTrial ?? false}
          exclude={generatedNotes.map((note) => note.templateId)}
        />
        {overAllowance && (
          <Alert color="orange" variant="light" role="alert">
            {LIMIT_MESSAGES.trialNotesExhausted}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={generate}
            loading={generateMore.isPending}
            disabled={selected.length === 0 || overAllowance || templates.isError}
          >
            Generate Notes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
