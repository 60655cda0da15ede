import {
  OWN_TEMPLATE_KINDS,
  OWN_TEMPLATE_LIMITS,
  ownTemplateInputSchema,
  type OwnTemplateInput,
} from '@clerkly/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useSaveOwnTemplate } from '../api/own-templates';

/** What the editor starts from: a new, copied, example-built or existing template. */
export type TemplateDraft = { id: number | null; heading: string; input: OwnTemplateInput };

type EditedSection = OwnTemplateInput['sections'][number] & { key: number };

type TemplateEditorModalProps = {
  draft: TemplateDraft | null;
  opened: boolean;
  onClose: () => void;
};

const KIND_LABELS: Record<(typeof OWN_TEMPLATE_KINDS)[number], string> = {
  note: 'Note',
  letter: 'Letter',
  certificate: 'Certificate',
};

let nextKey = 1;
const withKeys = (sections: OwnTemplateInput['sections']): EditedSection[] =>
  sections.map((section) => ({ ...section, key: nextKey++ }));

/**
 * The template editor (issue 27): name, kind and sections in order, each with a title, guidance,
 * format and optional verbatim text (and, from an example note, its style example). Sections move
 * with buttons, so the keyboard and a phone reorder them as well as a mouse; focus follows the
 * moved section's button.
 */
export function TemplateEditorModal({ draft, opened, onClose }: TemplateEditorModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={draft?.heading ?? 'Template'} size="xl">
      {/* A new draft is a new form: nothing of the previous one is carried over. */}
      {draft && <TemplateEditorForm key={draftKey(draft)} draft={draft} onClose={onClose} />}
    </Modal>
  );
}

const draftKeys = new WeakMap<TemplateDraft, number>();
function draftKey(draft: TemplateDraft): number {
  if (!draftKeys.has(draft)) draftKeys.set(draft, nextKey++);
  return draftKeys.get(draft)!;
}

function TemplateEditorForm({ draft, onClose }: { draft: TemplateDraft; onClose: () => void }) {
  const save = useSaveOwnTemplate();
  const [name, setName] = useState(draft.input.name);
  const [kind, setKind] = useState<OwnTemplateInput['kind']>(draft.input.kind);
  const [sections, setSections] = useState<EditedSection[]>(() => withKeys(draft.input.sections));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const change = (key: number, patch: Partial<EditedSection>) =>
    setSections((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  /**
   * Moves a section one place; focus stays with it, on the same button, or on the other one when
   * the section reached the end where that button is disabled (focus would fall to the page).
   */
  const move = (index: number, by: -1 | 1, key: number) => {
    const to = index + by;
    const atEdge = to === 0 || to === sections.length - 1;
    const direction = by === -1 ? (atEdge && to === 0 ? 'down' : 'up') : atEdge ? 'up' : 'down';
    setSections((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    focusAfterMove.current = `section-${key}-${direction}`;
  };

  const input = (): OwnTemplateInput => ({
    name,
    kind,
    sections: sections.map(({ key: _key, ...section }) => ({
      ...section,
      ...(section.verbatim?.trim() ? {} : { verbatim: undefined }),
    })),
    ...(draft.input.copiedFromId ? { copiedFromId: draft.input.copiedFromId } : {}),
  });

  const submit = () => {
    const parsed = ownTemplateInputSchema.safeParse(input());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.id, input: input() },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Template "${saved.name}" saved` });
          onClose();
        },
        onError: (error) => {
          const fields = (error as { fields?: Record<string, string> }).fields;
          if (fields) setErrors(fields);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Template name"
            required
            value={name}
            maxLength={OWN_TEMPLATE_LIMITS.nameChars}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            miw={220}
          />
          <Stack gap={4} miw={220}>
            <Text size="sm" fw={500} id="template-kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="template-kind-label"
              value={kind}
              onChange={setKind}
              data={OWN_TEMPLATE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            />
          </Stack>
        </Group>
        <Title order={3} size="h5">
          Sections, in order
        </Title>
        {errors.sections && (
          <Text c="red" size="sm">
            {errors.sections}
          </Text>
        )}
        {sections.map((section, index) => {
          const label = section.title.trim() || `Section ${index + 1}`;
          const up = `section-${section.key}-up`;
          const down = `section-${section.key}-down`;
          return (
            <Paper
              key={section.key}
              withBorder
              p="md"
              component="fieldset"
              aria-label={`Section ${index + 1}: ${label}`}
              style={{ margin: 0 }}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {index + 1}. {label}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      id={up}
                      variant="subtle"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1, section.key)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      id={down}
                      variant="subtle"
                      aria-label={`Move ${label} down`}
                      disabled={index === sections.length - 1}
                      onClick={() => move(index, 1, section.key)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${label}`}
                      onClick={() => setSections((all) => all.filter((s) => s.key !== section.key))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                <TextInput
                  label="Title"
                  required
                  value={section.title}
                  maxLength={OWN_TEMPLATE_LIMITS.titleChars}
                  onChange={(event) => change(section.key, { title: event.currentTarget.value })}
                  error={errors[`sections.${index}.title`]}
                />
                <Textarea
                  label="Guidance"
                  description="What belongs here, in your words"
                  autosize
                  minRows={2}
                  value={section.guidance}
                  onChange={(event) => change(section.key, { guidance: event.currentTarget.value })}
                  error={errors[`sections.${index}.guidance`]}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`section-${section.key}-format`}>
                    Format
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`section-${section.key}-format`}
                    value={section.format}
                    onChange={(format) => change(section.key, { format })}
                    data={[
                      { value: 'prose', label: 'Prose' },
                      { value: 'bullets', label: 'Bullet points' },
                    ]}
                  />
                </Stack>
                <Textarea
                  label="Verbatim text (optional)"
                  description="Fixed wording always included as written, e.g. a sign-off"
                  autosize
                  minRows={1}
                  value={section.verbatim ?? ''}
                  onChange={(event) => change(section.key, { verbatim: event.currentTarget.value })}
                  error={errors[`sections.${index}.verbatim`]}
                />
                {section.example !== undefined && (
                  <Textarea
                    label="Style example"
                    description="From your note, the patient's identifiers removed; check before saving"
                    autosize
                    minRows={2}
                    maxRows={8}
                    value={section.example}
                    onChange={(event) =>
                      change(section.key, { example: event.currentTarget.value })
                    }
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={sections.length >= OWN_TEMPLATE_LIMITS.sections}
            onClick={() =>
              setSections((all) => [
                ...all,
                ...withKeys([{ title: '', guidance: '', format: 'prose' }]),
              ])
            }
          >
            Add section
          </Button>
        </Group>
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(save.error, 'The template could not be saved. Try again.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
