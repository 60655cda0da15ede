import { FREE_TRIAL, type TemplateListItem } from '@clerkly/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { isTemplateChoiceDisabled } from '../lib/trial-limits';

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

/**
 * The template choice list (spec points 2, 5, 8 and 9): a scrolling list of checkboxes; on a
 * free trial at most 4 may be chosen and, once 4 are, the others are disabled.
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
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Error loading templates</Text>
          <Button size="xs" variant="light" onClick={() => void templates.refetch()}>
            Retry Loading Templates
          </Button>
        </Stack>
      </Alert>
    );
  }

  const query = search.trim().toLowerCase();
  const offered = templates.data.filter((template) => !exclude.includes(template.id));
  const shown = offered.filter((template) => template.name.toLowerCase().includes(query));

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
          <Stack gap="xs" py={4}>
            {shown.map((template) => (
              <Checkbox
                key={template.id}
                value={String(template.id)}
                label={template.name}
                disabled={isTemplateChoiceDisabled(
                  template.id,
                  selected,
                  isFreeTrial,
                  exclude.length,
                )}
              />
            ))}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No templates found
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
    </Stack>
  );
}
