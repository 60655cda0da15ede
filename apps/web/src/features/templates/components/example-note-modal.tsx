import {
  OWN_TEMPLATE_LIMITS,
  sectionsFromExampleNote,
  type TemplateSection,
} from '@clerkly/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type ExampleNoteModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The sections found, for the clinician to review in the editor before saving. */
  onSections: (sections: TemplateSection[]) => void;
};

/**
 * "From an example note" (issue 27): the pasted note is read in the browser; its sections, with
 * the patient's identifiers removed from the examples, go to the editor for review. Nothing is
 * sent until the clinician saves the template.
 */
export function ExampleNoteModal({ opened, onClose, onSections }: ExampleNoteModalProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const findSections = () => {
    if (note.trim().length === 0) {
      setError('Paste one of your notes first');
      return;
    }
    setError(null);
    onSections(sectionsFromExampleNote(note));
    setNote('');
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New template from an example note" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          findSections();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            Paste one of your own notes. Clerkly finds its sections (headings, all-caps lines,
            numbered parts), keeps their order and format, and removes the patient&apos;s names,
            dates and identifying numbers from the examples. You review everything before saving.
          </Text>
          <Textarea
            label="Your example note"
            autosize
            minRows={8}
            maxRows={16}
            maxLength={OWN_TEMPLATE_LIMITS.exampleNoteChars}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Find sections</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
