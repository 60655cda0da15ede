import { SAVE_CONFLICT } from '@clerkly/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A save was refused because the session was saved elsewhere since this copy was loaded
 * (issue 11): the clinician chooses which version to keep, nothing is overwritten silently.
 */
export function SaveConflictModal({
  opened,
  busy,
  onReload,
  onKeepMine,
  onClose,
}: {
  opened: boolean;
  busy: boolean;
  onReload: () => void;
  onKeepMine: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Saved elsewhere" centered>
      <Text>{SAVE_CONFLICT.message}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onReload} disabled={busy}>
          Reload saved version
        </Button>
        <Button onClick={onKeepMine} loading={busy}>
          Keep my copy
        </Button>
      </Group>
    </Modal>
  );
}
