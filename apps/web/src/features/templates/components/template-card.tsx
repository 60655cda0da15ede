import type { Template } from '@clerkly/contracts';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useId } from 'react';

type TemplateCardProps = {
  template: Template;
  onPreview: (template: Template) => void;
};

/** A catalogue card: name, description, profession and a Preview button (spec point 2). */
export function TemplateCard({ template, onPreview }: TemplateCardProps) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId} h="100%">
      <Title order={3} size="h5" id={titleId}>
        {template.name}
      </Title>
      <Group gap={6} mt={6}>
        <Badge variant="light" color="gray" size="sm">
          {template.medicalProfession}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" lineClamp={3} style={{ flex: 1 }}>
        {template.description}
      </Text>
      <Group justify="flex-end" mt="md">
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
