import type { Template } from '@clerkly/contracts';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';

type CopyTemplateModalProps = {
  opened: boolean;
  catalogue: Template[];
  onClose: () => void;
  onCopy: (template: Template) => void;
  copying: boolean;
};

/** "Copy a catalogue template" (issue 27): choose one, then edit the copy. */
export function CopyTemplateModal({
  opened,
  catalogue,
  onClose,
  onCopy,
  copying,
}: CopyTemplateModalProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const template = catalogue.find((t) => String(t.id) === chosen);
  return (
    <Modal opened={opened} onClose={onClose} title="Copy a catalogue template">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (template) onCopy(template);
        }}
      >
        <Stack gap="md">
          <Select
            label="Catalogue template"
            searchable
            nothingFoundMessage="No options found"
            data={catalogue.map((t) => ({ value: String(t.id), label: t.name }))}
            value={chosen}
            onChange={setChosen}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!template} loading={copying}>
              Copy and edit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
