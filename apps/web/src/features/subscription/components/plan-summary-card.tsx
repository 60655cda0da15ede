import { endDateLabel, type Subscription } from '@clerkly/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../utils/plans';

/** Mantine's filled green is 4.4:1 with white text; teal 9 is 5:1 (WCAG AA, issue 14). */
const ACTIVE_COLOR = 'teal.9';

/**
 * The Subscription section's cards, one shape for the clinician's own plan and a clinic's plan
 * (spec point 2, issue 29 item 3): the current plan (name and status badge, then `children` for
 * what differs: the price, or who pays and for how many seats) and, for a subscription, its end
 * date (Plan ends, Trial Ends, Renews or Expired).
 */
export function PlanSummaryCard({
  title,
  status,
  active,
  subscription,
  children,
}: {
  title: string;
  status: string;
  active: boolean;
  /** Null for the free plan, which has no end date card. */
  subscription: Subscription | null;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder padding="lg" aria-label="Current plan">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {title}
            </Title>
            <Badge color={active ? ACTIVE_COLOR : 'gray'}>{status}</Badge>
          </Group>
          {children}
        </Stack>
      </Card>
      {subscription && <EndDateCard subscription={subscription} />}
    </SimpleGrid>
  );
}

function EndDateCard({ subscription }: { subscription: Subscription }) {
  const label = endDateLabel(subscription);
  const date = subscription.endDate ?? subscription.canceledAt;
  return (
    <Card withBorder padding="lg" aria-label="End date">
      <Stack gap="xs">
        <Text c="dimmed" size="sm">
          {label}
        </Text>
        <Text fw={600}>{label !== 'Expired' && date ? formatDate(date) : '—'}</Text>
      </Stack>
    </Card>
  );
}
