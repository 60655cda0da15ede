import { FREE_TRIAL, type TemplateListItem } from '@clerkly/contracts';
import { Button, Checkbox, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { isTemplateChoiceDisabled } from '../lib/trial-limits';
import { WarningAlert } from '../../../components/warning-alert';

export type TemplatePickerProps = {
  templates: {
    data: TemplateListItem[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  selected: number[];
  onChange: (templateIds: number[]) => void;
  isFreeTrial: boolean;
  /** Templates that already have notes: not offered again, and counted in the trial's 4. */
  exclude?: readonly number[];
  label?: string;
};

/** Said under the list and read with each checkbox (issue 26). */
export const TEMPLATE_LIST_HINT =
  'The list is one Tab stop: the arrow keys move through it, Space ticks a template.';

/** Keys that move between the template checkboxes (issue 14). */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => Math.min(count - 1, index + 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Issue 14: with one tab stop per template, reaching Generate Notes took 73 Tabs. The list is
 * one tab stop (a roving tab index, as in WAI-ARIA's composite widgets): Tab enters it at the
 * last checkbox used, the arrow keys, Home and End move within it, Space ticks, and Tab leaves.
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = STEPS[event.key];
  if (!step) return;
  const boxes = [
    ...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
  ].filter((box) => !box.disabled);
  const current = boxes.indexOf(event.target as HTMLInputElement);
  if (current === -1 || boxes.length === 0) return;
  event.preventDefault();
  boxes[step(current, boxes.length)]?.focus();
}

/**
 * The template choice list (spec points 2, 5, 8 and 9): a scrolling list of checkboxes, one tab
 * stop with arrow-key movement; on a free trial at most 4 may be chosen and, once 4 are, the
 * others are disabled.
 */
export function TemplatePicker({
  templates,
  selected,
  onChange,
  isFreeTrial,
  exclude = [],
  label = 'Templates',
}: TemplatePickerProps) {
  const [search, setSearch] = useState('');
  /** The checkbox that takes the list's one tab stop: the last one focused. */
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const hintId = useId();

  if (templates.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading templates...</Text>
      </Group>
    );
  }
  if (templates.isError || !templates.data) {
    return (
      <WarningAlert
        color="red"
        action={
          <Button size="xs" variant="light" onClick={() => void templates.refetch()}>
            Retry Loading Templates
          </Button>
        }
      >
        Error loading templates
      </WarningAlert>
    );
  }

  const query = search.trim().toLowerCase();
  const offered = templates.data.filter((template) => !exclude.includes(template.id));
  const shown = offered.filter((template) => template.name.toLowerCase().includes(query));
  const isDisabled = (templateId: number) =>
    isTemplateChoiceDisabled(templateId, selected, isFreeTrial, exclude.length);
  const tabStopId =
    shown.find((template) => template.id === focusedId && !isDisabled(template.id))?.id ??
    shown.find((template) => !isDisabled(template.id))?.id;

  return (
    <Stack gap="sm">
      <TextInput
        label="Search templates"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <Checkbox.Group
        label={label}
        description={
          isFreeTrial
            ? `${exclude.length + selected.length} of ${FREE_TRIAL.templatesPerGeneration} selected (free trial limit)`
            : `${selected.length} selected`
        }
        value={selected.map(String)}
        onChange={(values) => onChange(values.map(Number))}
      >
        {/* Spec point 9: the list scrolls (about 60 height units, 15rem). */}
        <ScrollArea.Autosize mah="15rem" type="auto" offsetScrollbars mt="xs">
          <Stack gap="xs" py={4} onKeyDown={moveFocus}>
            {shown.map((template) => (
              <Checkbox
                key={template.id}
                value={String(template.id)}
                label={template.name}
                disabled={isDisabled(template.id)}
                tabIndex={template.id === tabStopId ? 0 : -1}
                onFocus={() => setFocusedId(template.id)}
                aria-describedby={hintId}
              />
            ))}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No templates found
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        {/* Issue 26: the list is one tab stop; nothing said how to move in it. */}
        <Text id={hintId} size="xs" c="dimmed" mt={4}>
          {TEMPLATE_LIST_HINT}
        </Text>
      </Checkbox.Group>
    </Stack>
  );
}
