import { FREE_TRIAL, SUBSCRIPTION_TEXTS as TEXTS, type Usage } from '@clerkly/contracts';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';

function UsageCard({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <Card withBorder padding="lg" aria-label={title}>
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          {title}
        </Text>
        <Text fw={700} size="xl">
          {value}
          {detail && (
            <Text span c="dimmed" size="md" fw={500}>
              {' '}
              {detail}
            </Text>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

/** The Usage section (spec points 2 and 9): "of 15" and "of 45" only for free trials. */
export function UsageCards({ usage }: { usage: Usage }) {
  const trial = usage.isFreeTrial;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <UsageCard
        title={TEXTS.patientSessions}
        value={String(usage.sessions)}
        {...(trial ? { detail: `of ${FREE_TRIAL.sessions}` } : {})}
      />
      <UsageCard
        title={TEXTS.notesCreated}
        value={String(usage.notes)}
        {...(trial ? { detail: `of ${FREE_TRIAL.notes}` } : {})}
      />
      <UsageCard
        title={TEXTS.templateAccess}
        value={trial ? String(FREE_TRIAL.templatesPerGeneration) : 'All'}
        detail={trial ? 'templates per session' : 'templates'}
      />
    </SimpleGrid>
  );
}
