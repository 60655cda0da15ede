import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * What the note engine could not do, e.g. an instruction beyond the offline engine (the API's
 * `notices`), so the clinician is not left guessing why a note did not change.
 */
export function EngineNotices({ notices }: { notices: readonly string[] | undefined }) {
  if (!notices?.length) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Stack gap={4}>
        {notices.map((notice) => (
          <Text key={notice} size="sm">
            {notice}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
