import type { Template } from '@clerkly/contracts';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconTemplate } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUserTemplates } from '../api/get-user-templates';
import { TemplateCard } from '../components/template-card';
import { TemplatePreviewModal } from '../components/template-preview-modal';
import { groupTemplates, searchTemplates } from '../utils/group-templates';

type TemplateSectionProps = {
  id: string;
  title: string;
  subtitle: string;
  templates: Template[];
  onPreview: (template: Template) => void;
};

function TemplateSection({ id, title, subtitle, templates, onPreview }: TemplateSectionProps) {
  if (templates.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="sm" align="baseline">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Badge variant="light" aria-label={`${templates.length} templates`}>
          {templates.length}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {subtitle}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {templates.map((template) => (
          <TemplateCard key={template.id} template={template} onPreview={onPreview} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /templates (spec point 2): the template catalogue, recommended ones first. */
export function TemplatesPage() {
  usePageTitle('Templates');
  const { user } = useAuth();
  const profession = user?.profession ?? null;
  const { data, error, isPending, isFetching, refetch } = useUserTemplates(user?.cognitoId ?? '');

  const [search, setSearch] = useState('');
  const [previewed, setPreviewed] = useState<Template | null>(null);
  const [previewOpened, setPreviewOpened] = useState(false);

  useEffect(() => {
    if (error) console.warn('Templates could not be loaded.', error);
  }, [error]);

  const groups = useMemo(
    () => groupTemplates(searchTemplates(data ?? [], search), profession),
    [data, search, profession],
  );

  const preview = (template: Template) => {
    setPreviewed(template);
    setPreviewOpened(true);
  };

  let content: ReactNode;
  if (isPending && !error) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Loading templates...</Text>
      </Group>
    );
  } else if (error) {
    // Spec point 8: 'Error loading templates' with a 'Retry Loading Templates' button.
    content = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm" role="alert">
          <Text fw={600}>Error loading templates</Text>
          <Button loading={isFetching} onClick={() => void refetch()}>
            Retry Loading Templates
          </Button>
        </Stack>
      </Paper>
    );
  } else if (groups.recommended.length === 0 && groups.other.length === 0) {
    content = (
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconTemplate size={32} aria-hidden />}
          withIndicatorBackground
          title="No templates found"
          description={search.trim() ? 'Try another name or word.' : undefined}
        />
      </Paper>
    );
  } else {
    content = (
      <Stack gap="xl">
        <TemplateSection
          id="templates-recommended"
          title="Recommended Templates"
          subtitle={
            profession
              ? `For ${profession} and general medicine.`
              : 'For general medicine. Set your profession in your profile to see more.'
          }
          templates={groups.recommended}
          onPreview={preview}
        />
        <TemplateSection
          id="templates-other"
          title="Other Templates"
          subtitle="Templates for other professions and less common documents."
          templates={groups.other}
          onPreview={preview}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Templates</Title>
      <TextInput
        label="Search templates"
        placeholder="Search by name, description or profession"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {content}
      <TemplatePreviewModal
        template={previewed}
        opened={previewOpened}
        onClose={() => setPreviewOpened(false)}
      />
    </Stack>
  );
}
