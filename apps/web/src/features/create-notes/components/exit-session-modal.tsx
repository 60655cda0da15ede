import { MESSAGES } from '@clerkly/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';

/** Spec point 2: the Exit Session confirmation, with Yes and No. */
export function ExitSessionModal({
  opened,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Exit session?" centered>
      <Text>{MESSAGES.exitSessionConfirm}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel}>
          No
        </Button>
        <Button color="red" onClick={onConfirm}>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
