import { Alert, Button, Group, Loader, Modal, ScrollArea, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteContent } from '../../../components/note-content';
import { useCopyNote } from '../../../hooks/use-copy-note';
import { useSessionNotes } from '../api/get-session-notes';
import { formatSessionDate, type SessionNoteRef } from '../utils/session-groups';

type NoteModalProps = {
  /** Kept while the modal closes, so its content does not vanish mid-transition. */
  note: SessionNoteRef | null;
  opened: boolean;
  onClose: () => void;
};

/**
 * Spec point 2 "My Sessions": a modal with the note content, Copy and Close. The list carries no
 * note text (issue 13): the text is fetched here, when the note is opened.
 */
export function NoteModal({ note, opened, onClose }: NoteModalProps) {
  const copyNote = useCopyNote();
  const [copying, setCopying] = useState(false);
  const session = useSessionNotes(note?.sessionId ?? null);
  const content =
    session.data?.notes.find((saved) => saved.templateId === note?.templateId)?.content ?? '';

  const copy = async (text: string) => {
    setCopying(true);
    try {
      await copyNote(text);
    } finally {
      setCopying(false);
    }
  };

  return (
    <Modal
      opened={opened && note !== null}
      onClose={onClose}
      title={note?.TemplateName}
      size="xl"
      centered
    >
      {note && (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {note.firstName} · {formatSessionDate(note.createdAt)}
          </Text>
          {session.isPending ? (
            <Group justify="center" p="lg" role="status" aria-label="Loading the note">
              <Loader size="sm" />
            </Group>
          ) : session.isError ? (
            <Alert color="yellow" variant="light" title="This note could not be loaded">
              <Group gap="sm">
                <Text size="sm">Check your connection and try again.</Text>
                <Button size="xs" variant="light" onClick={() => void session.refetch()}>
                  Try again
                </Button>
              </Group>
            </Alert>
          ) : (
            <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
              {content.trim() === '' ? (
                <Text c="dimmed" fs="italic">
                  This note is empty.
                </Text>
              ) : (
                <NoteContent content={content} />
              )}
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end" gap="sm" mt="lg">
            <Button
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={copying}
              disabled={!session.isSuccess}
              onClick={() => void copy(content)}
            >
              Copy
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
