import { Alert, Button, Group, Loader, Text } from '@mantine/core';

/** A tab's content on its way: a spinner the screen reader names. */
export function TabLoading({ label }: { label: string }) {
  return (
    <Group justify="center" p="lg" role="status" aria-label={label}>
      <Loader size="sm" />
    </Group>
  );
}

/** A tab's content that could not be read, with the way to ask again. */
export function TabLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="yellow" variant="light" title={title}>
      <Group gap="sm">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
