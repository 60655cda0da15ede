import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconBell, IconSearch } from '@tabler/icons-react';

/**
 * The top bar's search and notifications (spec point 2 "Layout"): part of the layout, invisible
 * and inert until those features exist.
 */
export function SearchPlaceholder() {
  return (
    <TextInput
      placeholder="Search"
      leftSection={<IconSearch size={16} />}
      w={280}
      readOnly
      tabIndex={-1}
      aria-hidden
      style={{ visibility: 'hidden' }}
    />
  );
}

export function NotificationsPlaceholder() {
  return (
    <Group aria-hidden style={{ visibility: 'hidden' }}>
      <ActionIcon variant="subtle" color="gray" size="lg" tabIndex={-1}>
        <IconBell size={20} />
      </ActionIcon>
    </Group>
  );
}
