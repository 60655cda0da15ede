import { STYLE_MESSAGES, describeStyleProfile } from '@clerkly/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useResetTemplateStyle, useTemplateStyle } from '../lib/template-style';

/**
 * "Your style for this template: bullet points in Plan, … — learned from 7 notes", with Reset
 * (issue 27, item 3). Nothing shows until a preference was learned.
 */
export function TemplateStyle({ templateId }: { templateId: number }) {
  const style = useTemplateStyle(templateId);
  const reset = useResetTemplateStyle(templateId);
  const profile = style.data;
  if (!profile || profile.notesLearned === 0) {
    return reset.isSuccess ? (
      <Text size="sm" c="dimmed" role="status">
        {STYLE_MESSAGES.resetDone}
      </Text>
    ) : null;
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flex: 1 }}>
        {describeStyleProfile(profile)}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        loading={reset.isPending}
        onClick={() => reset.mutate()}
        aria-label={`${STYLE_MESSAGES.reset}: ${STYLE_MESSAGES.title.toLowerCase()}`}
      >
        {STYLE_MESSAGES.reset}
      </Button>
    </Group>
  );
}
