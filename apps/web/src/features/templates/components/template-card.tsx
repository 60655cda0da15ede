import type { Template } from '@clerkly/contracts';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';

type TemplateCardProps = {
  template: Template;
  onPreview: (template: Template) => void;
  /** The catalogue's cards can be copied (issue 27). */
  onCopy?: ((template: Template) => void) | undefined;
  /** The user's own cards can be edited and deleted (issue 27). */
  onEdit?: ((template: Template) => void) | undefined;
  onDelete?: ((template: Template) => void) | undefined;
};

/**
 * A template card: name, description, profession (or "Your template") and a Preview button
 * (spec point 2); Copy on the catalogue's, Edit and Delete on the user's own.
 */
export function TemplateCard({ template, onPreview, onCopy, onEdit, onDelete }: TemplateCardProps) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId} h="100%">
      <Title order={3} size="h5" id={titleId}>
        {template.name}
      </Title>
      <Group gap={6} mt={6}>
        <Badge variant="light" color={template.own ? 'teal' : 'gray'} size="sm">
          {template.own ? 'Your template' : template.medicalProfession}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" lineClamp={3} style={{ flex: 1 }}>
        {template.description}
      </Text>
      <Group justify="flex-end" mt="md" gap="xs">
        {onDelete && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Delete ${template.name}`}
            onClick={() => onDelete(template)}
          >
            Delete
          </Button>
        )}
        {onEdit && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${template.name}`}
            onClick={() => onEdit(template)}
          >
            Edit
          </Button>
        )}
        {onCopy && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconCopy size={14} aria-hidden />}
            aria-label={`Copy ${template.name}`}
            onClick={() => onCopy(template)}
          >
            Copy
          </Button>
        )}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} aria-hidden />}
          onClick={() => onPreview(template)}
        >
          Preview
        </Button>
      </Group>
    </Card>
  );
}
