import { Alert, Button, Group, Loader, Modal, ScrollArea, Tabs, Text } from '@mantine/core';
import { IconCopy, IconFileText, IconHistory, IconVersions } from '@tabler/icons-react';
import { useState } from 'react';
import { useCopyNote } from '../../../hooks/use-copy-note';
import { useSessionNotes } from '../api/get-session-notes';
import { formatSessionDate, type SessionNoteRef } from '../utils/session-groups';
import { NoteExportMenu } from './note-export-menu';
import { RecordSendState, SendToRecordButton } from './send-to-record';
import { SectionedNote } from './sectioned-note';
import { SessionActivity } from './session-activity';
import { SessionVersions } from './session-versions';

type NoteModalProps = {
  /** Kept while the modal closes, so its content does not vanish mid-transition. */
  note: SessionNoteRef | null;
  opened: boolean;
  onClose: () => void;
};

const VIEWS = ['note', 'activity', 'versions'] as const;
type View = (typeof VIEWS)[number];

/**
 * Spec point 2 "My Sessions": a modal with the note content, Copy and Close. The list carries no
 * note text (issue 13): the text is fetched here, when the note is opened. Its Activity tab shows
 * the session's audit trail, its Earlier versions tab the saved versions (issue 23). Issue 28:
 * Copy beside each heading, Export (PDF, Word, FHIR, print view), and Send to record when the
 * clinic has a record system, with where the send stands.
 */
export function NoteModal({ note, opened, onClose }: NoteModalProps) {
  const copyNote = useCopyNote();
  const [copying, setCopying] = useState(false);
  const [view, setView] = useState<View>('note');
  const session = useSessionNotes(note?.sessionId ?? null);
  const content =
    session.data?.notes.find((saved) => saved.templateId === note?.templateId)?.content ?? '';

  const copy = async (text: string) => {
    setCopying(true);
    try {
      await copyNote(
        text,
        note ? { sessionId: note.sessionId, templateId: note.templateId } : undefined,
      );
    } finally {
      setCopying(false);
    }
  };

  const close = () => {
    onClose();
    setView('note');
  };

  return (
    <Modal
      opened={opened && note !== null}
      onClose={close}
      title={note?.TemplateName}
      size="xl"
      centered
    >
      {note && (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {note.firstName} · {formatSessionDate(note.createdAt)}
          </Text>
          <Tabs
            value={view}
            onChange={(value) => setView(VIEWS.find((view) => view === value) ?? 'note')}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="note" leftSection={<IconFileText size={14} aria-hidden />}>
                Note
              </Tabs.Tab>
              <Tabs.Tab value="activity" leftSection={<IconHistory size={14} aria-hidden />}>
                Activity
              </Tabs.Tab>
              <Tabs.Tab value="versions" leftSection={<IconVersions size={14} aria-hidden />}>
                Earlier versions
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="note">
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
                    <SectionedNote
                      content={content}
                      onCopySection={(section) => void copy(section.html)}
                    />
                  )}
                </ScrollArea.Autosize>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="activity">
              <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
                <SessionActivity sessionId={note.sessionId} active={view === 'activity'} />
              </ScrollArea.Autosize>
            </Tabs.Panel>
            <Tabs.Panel value="versions">
              <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
                <SessionVersions
                  sessionId={note.sessionId}
                  templateId={note.templateId}
                  active={view === 'versions'}
                />
              </ScrollArea.Autosize>
            </Tabs.Panel>
          </Tabs>
          <RecordSendState sessionId={note.sessionId} templateId={note.templateId} />
          <Group justify="flex-end" gap="sm" mt="md">
            <NoteExportMenu
              sessionId={note.sessionId}
              templateId={note.templateId}
              disabled={!session.isSuccess || content.trim() === ''}
            />
            <SendToRecordButton
              sessionId={note.sessionId}
              templateId={note.templateId}
              disabled={!session.isSuccess || content.trim() === ''}
            />
            <Button
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={copying}
              disabled={!session.isSuccess}
              onClick={() => void copy(content)}
            >
              Copy
            </Button>
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
