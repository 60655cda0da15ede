import type { Template } from '@clerkly/contracts';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { TemplateStyle } from '../../../components/template-style';
import { useTemplateTopics } from '../api/get-template-topics';

type TemplatePreviewModalProps = {
  /** Kept while the modal closes, so its content does not vanish mid-transition. */
  template: Template | null;
  opened: boolean;
  onClose: () => void;
};

function TopicList({ templateId }: { templateId: number }) {
  const { data: topics, error, isPending, isFetching, refetch } = useTemplateTopics(templateId);

  useEffect(() => {
    // Spec point 8: a failed topics fetch is logged only.
    if (error) console.warn('Template topics could not be loaded.', error);
  }, [error]);

  if (isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading topics...</Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="The topics could not be loaded"
      >
        <Button size="xs" variant="light" loading={isFetching} onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (topics.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This template has no topics.
      </Text>
    );
  }
  return (
    <List type="ordered" spacing="sm" aria-label="Topics">
      {topics.map((topic) => (
        <List.Item key={topic.id}>
          <Text fw={600} size="sm">
            {topic.topicName || topic.name}
          </Text>
          {topic.guidance && (
            <Text size="sm" c="dimmed">
              {topic.guidance}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** Preview of a template: the topics its notes are made of (spec point 2 "Templates"). */
export function TemplatePreviewModal({ template, opened, onClose }: TemplatePreviewModalProps) {
  return (
    <Modal
      opened={opened && template !== null}
      onClose={onClose}
      title={template?.name}
      size="lg"
      centered
    >
      {template && (
        <Stack gap="md">
          <Text size="sm">{template.description}</Text>
          <Text fw={600} size="sm" tt="uppercase" c="dimmed">
            Topics
          </Text>
          <TopicList templateId={template.id} />
          <TemplateStyle templateId={template.id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
