import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Asks before an unsaved recording is deleted (issue 14): the recording exists nowhere else.
 * Keep recording has focus first, so Enter or Escape keeps it; Mantine's Modal traps focus and
 * returns it to Discard recording when it closes.
 */
export function DiscardRecordingModal({
  opened,
  description,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  /** Which recording, e.g. "The recording of Ann Lee (about 0:12)". */
  description: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Discard this recording?" centered>
      <Text>
        {description} will be deleted from this browser. Its notes cannot be generated afterwards.
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Keep recording
        </Button>
        <Button color="red" onClick={onConfirm}>
          Discard recording
        </Button>
      </Group>
    </Modal>
  );
}
