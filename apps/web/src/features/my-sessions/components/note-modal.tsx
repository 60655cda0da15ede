import type { SavedNote } from '@clerkly/contracts';
import { Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteContent } from '../../../components/note-content';
import { useCopyNote } from '../../../hooks/use-copy-note';
import { formatSessionDate } from '../utils/session-groups';

type NoteModalProps = {
  /** Kept while the modal closes, so its content does not vanish mid-transition. */
  note: SavedNote | null;
  opened: boolean;
  onClose: () => void;
};

/** Spec point 2 "My Sessions": a modal with the note content, Copy and Close. */
export function NoteModal({ note, opened, onClose }: NoteModalProps) {
  const copyNote = useCopyNote();
  const [copying, setCopying] = useState(false);

  const copy = async (content: string) => {
    setCopying(true);
    try {
      await copyNote(content);
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
          <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
            {note.notesContent.trim() === '' ? (
              <Text c="dimmed" fs="italic">
                This note is empty.
              </Text>
            ) : (
              <NoteContent content={note.notesContent} />
            )}
          </ScrollArea.Autosize>
          <Group justify="flex-end" gap="sm" mt="lg">
            <Button
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={copying}
              onClick={() => void copy(note.notesContent)}
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
