import type { Template, TemplateSection } from '@clerkly/contracts';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconCopy,
  IconFileText,
  IconPencilPlus,
  IconTemplate,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SearchField } from '../../../components/search-field';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useAuth } from '../../../lib/auth/use-auth';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { templateTopicsQueryOptions } from '../api/get-template-topics';
import { useUserTemplates } from '../api/get-user-templates';
import { getOwnTemplate, useDeleteOwnTemplate } from '../api/own-templates';
import { TemplateCard } from '../components/template-card';
import type { TemplateDraft } from '../components/template-editor-modal';
import { TemplatePreviewModal } from '../components/template-preview-modal';
import { groupTemplates, searchTemplates, type TemplateGroups } from '../utils/group-templates';

const TemplateEditorModal = lazyDialog(() =>
  import('../components/template-editor-modal').then((m) => m.TemplateEditorModal),
);
const ExampleNoteModal = lazyDialog(() =>
  import('../components/example-note-modal').then((m) => m.ExampleNoteModal),
);
const CopyTemplateModal = lazyDialog(() =>
  import('../components/copy-template-modal').then((m) => m.CopyTemplateModal),
);

type TemplateSectionProps = {
  id: string;
  title: string;
  subtitle: string;
  templates: Template[];
  onPreview: (template: Template) => void;
  onCopy?: (template: Template) => void;
  onEdit?: (template: Template) => void;
  onDelete?: (template: Template) => void;
};

function TemplateGroup({
  id,
  title,
  subtitle,
  templates,
  onPreview,
  onCopy,
  onEdit,
  onDelete,
}: TemplateSectionProps) {
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
          <TemplateCard
            key={template.id}
            template={template}
            onPreview={onPreview}
            onCopy={onCopy}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The catalogue's groups, below My Templates: their templates are previewed or copied. */
const catalogueGroups = (groups: TemplateGroups, profession: string | null) => [
  {
    id: 'templates-clinic',
    title: 'Clinic Templates',
    subtitle: 'Shared by your clinic: use them in a consultation, or copy one to change it.',
    templates: groups.clinic,
  },
  {
    id: 'templates-recommended',
    title: 'Recommended Templates',
    subtitle: profession
      ? `For ${profession} and general medicine.`
      : 'For general medicine. Set your profession in your profile to see more.',
    templates: groups.recommended,
  },
  {
    id: 'templates-other',
    title: 'Other Templates',
    subtitle: 'Templates for other professions and less common documents.',
    templates: groups.other,
  },
];

/**
 * /templates (spec point 2): the clinician's own templates (issue 27) above the catalogue,
 * recommended ones first; a new template from scratch, from an example note or from a copy.
 */
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

  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [editorOpened, setEditorOpened] = useState(false);
  const [exampleOpened, setExampleOpened] = useState(false);
  const [copyOpened, setCopyOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Template | null>(null);
  const remove = useDeleteOwnTemplate();

  const edit = (next: TemplateDraft) => {
    setDraft(next);
    setEditorOpened(true);
  };
  const failed = (error: unknown, fallback: string) =>
    notifications.show({ color: 'red', message: errorMessage(error, fallback) });

  const fromScratch = () =>
    edit({
      id: null,
      heading: 'New template',
      input: { name: '', kind: 'note', sections: [{ title: '', guidance: '', format: 'prose' }] },
    });

  const fromExample = (sections: TemplateSection[]) => {
    setExampleOpened(false);
    edit({
      id: null,
      heading: 'Review the template from your note',
      input: { name: 'My note', kind: 'note', sections },
    });
  };

  const copy = async (template: Template) => {
    setBusy(true);
    try {
      const topics = await queryClient.fetchQuery(templateTopicsQueryOptions(template.id));
      setCopyOpened(false);
      edit({
        id: null,
        heading: `Copy of ${template.name}`,
        input: {
          name: `My ${template.name}`,
          kind: 'note',
          // A clinic's template is copied as it is; only catalogue copies remember their source.
          ...(template.clinic ? {} : { copiedFromId: template.id }),
          sections: topics.map((topic) => ({
            title: topic.name,
            guidance: topic.guidance,
            format: 'prose',
          })),
        },
      });
    } catch (error) {
      failed(error, 'The template could not be copied. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const editOwn = async (template: Template) => {
    try {
      const own = await getOwnTemplate(template.id);
      edit({
        id: own.id,
        heading: `Edit ${own.name}`,
        input: {
          name: own.name,
          kind: own.kind,
          sections: own.sections,
          ...(own.copiedFromId ? { copiedFromId: own.copiedFromId } : {}),
        },
      });
    } catch (error) {
      failed(error, 'The template could not be opened. Try again.');
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: ({ outcome }) => {
        notifications.show({
          color: 'green',
          message:
            outcome === 'archived'
              ? `"${toDelete.name}" deleted; the saved notes written with it still open.`
              : `"${toDelete.name}" deleted.`,
        });
        setToDelete(null);
      },
      onError: (error) => failed(error, 'The template could not be deleted. Try again.'),
    });
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
  } else if (Object.values(groups).every((group) => group.length === 0)) {
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
        <TemplateGroup
          id="templates-mine"
          title="My Templates"
          subtitle="Your own templates, private to you."
          templates={groups.mine}
          onPreview={preview}
          onEdit={(template) => void editOwn(template)}
          onDelete={setToDelete}
        />
        {catalogueGroups(groups, profession).map((group) => (
          <TemplateGroup
            key={group.id}
            {...group}
            onPreview={preview}
            onCopy={(template) => void copy(template)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Templates</Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              leftSection={<IconPencilPlus size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              New template
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={fromScratch}>
              From scratch
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileText size={16} aria-hidden />}
              onClick={() => setExampleOpened(true)}
            >
              From an example note
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => setCopyOpened(true)}
            >
              Copy a catalogue template
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SearchField
        label="Search templates"
        placeholder="Search by name, description or profession"
        value={search}
        onSearch={setSearch}
        maw={420}
      />
      {content}
      <TemplatePreviewModal
        template={previewed}
        opened={previewOpened}
        onClose={() => setPreviewOpened(false)}
      />
      <TemplateEditorModal
        draft={draft}
        opened={editorOpened}
        onClose={() => setEditorOpened(false)}
      />
      <ExampleNoteModal
        opened={exampleOpened}
        onClose={() => setExampleOpened(false)}
        onSections={fromExample}
      />
      <CopyTemplateModal
        opened={copyOpened}
        catalogue={(data ?? []).filter((template) => !template.own && !template.clinic)}
        onClose={() => setCopyOpened(false)}
        onCopy={(template) => void copy(template)}
        copying={busy}
      />
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete template">
        <Stack gap="md">
          <Text size="sm">
            Delete &quot;{toDelete?.name}&quot;? Saved notes written with it still open.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
