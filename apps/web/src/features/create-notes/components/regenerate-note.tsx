import { TOASTS, type RegenerateResponse } from '@clerkly/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteContent } from '../../../components/note-content';
import { useRegenerateNotes } from '../api/regenerate-notes';
import { isLimitError } from '../hooks/use-note-generation';
import type { GeneratedNote } from '../lib/generated-notes';
import { useSessionState } from '../state/session-store';
import { EngineNotices } from './engine-notices';

type RegenerateNoteProps = {
  note: GeneratedNote;
  templateName: string;
  /** Replaces the note with the regenerated text; false when it could not be. */
  onAccept: (output: string) => boolean;
  disabled: boolean;
};

/** One side of the comparison: a version of the note under its name. */
function NoteVersion({ label, content }: { label: string; content: string }) {
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Title order={3} size="h5">
        {label}
      </Title>
      <NoteContent content={content} />
    </Stack>
  );
}

/**
 * Spec points 2 and 4 "Regeneration": an instruction box (Enter or Generate Notes; ignored when
 * blank or busy), then previous and regenerated versions side by side with Cancel and Update.
 */
export function RegenerateNote({ note, templateName, onAccept, disabled }: RegenerateNoteProps) {
  const { session, transcribedText } = useSessionState();
  const regenerate = useRegenerateNotes();
  const [instruction, setInstruction] = useState('');
  const [result, setResult] = useState<RegenerateResponse | null>(null);

  const submit = () => {
    const userInput = instruction.trim();
    if (userInput === '' || regenerate.isPending || disabled || !session) return;
    regenerate.mutate(
      {
        templateId: note.templateId,
        transcribedText,
        userInput,
        sessionId: session.id,
        prevGeneratedNotes: note.output,
      },
      {
        onSuccess: setResult,
        onError: (error) => {
          console.warn('Regenerating the note failed.', error);
          notifications.show({
            color: 'red',
            message: isLimitError(error) ? error.message : TOASTS.regenerationFailed,
          });
        },
      },
    );
  };

  const accept = () => {
    if (!result || !onAccept(result.newOutput)) return;
    setResult(null);
    setInstruction('');
  };

  return (
    <Stack gap="md">
      {/* Wraps on a phone, so the field keeps the width its placeholder needs (issue 14). */}
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Regenerate with instructions"
          placeholder="For example: make it shorter"
          value={instruction}
          onChange={(event) => setInstruction(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          disabled={disabled}
          style={{ flex: '1 1 16rem' }}
        />
        <Button
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={submit}
          loading={regenerate.isPending}
          disabled={disabled || instruction.trim() === ''}
        >
          Generate Notes
        </Button>
      </Group>

      {result && (
        <Paper
          withBorder
          radius="md"
          p="md"
          role="region"
          aria-label={`Compare versions of ${templateName}`}
        >
          <Stack gap="md">
            <EngineNotices notices={result.notices} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <NoteVersion label="Previous version" content={result.prevOutput} />
              <NoteVersion label="Regenerated version" content={result.newOutput} />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setResult(null)}>
                Cancel
              </Button>
              <Button onClick={accept}>Update</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
