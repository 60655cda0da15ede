import {
  SUBSCRIPTION_TEXTS as TEXTS,
  endDateLabel,
  isSubscriptionUsable,
  type ProductList,
  type Subscription,
  type Usage,
} from '@clerkly/contracts';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { planOfPrice } from '../../../lib/billing/products';
import { formatDate, statusLabel } from '../utils/plans';

/** Mantine's filled green is 4.4:1 with white text; teal 9 is 5:1 (WCAG AA, issue 14). */
const ACTIVE_COLOR = 'teal.9';

/**
 * The Subscription section's cards (spec point 2): the current plan (name, status, price) and
 * its end date (Plan ends, Trial Ends, Renews or Expired). Without a subscription: the Basic
 * free plan, Active, Free Forever.
 */
export function CurrentPlan({
  subscription,
  usage,
  products,
}: {
  subscription: Subscription | null;
  usage: Usage;
  products: ProductList | undefined;
}) {
  if (!subscription) {
    const active = usage.access !== 'none';
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg" aria-label="Current plan">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h3">
                {TEXTS.basicPlan}
              </Title>
              <Badge color={active ? ACTIVE_COLOR : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>
            </Group>
            <Text fw={600}>{TEXTS.freeForever}</Text>
          </Stack>
        </Card>
      </SimpleGrid>
    );
  }

  const plan = planOfPrice(products, subscription.planDuration.stripePriceId);
  const label = endDateLabel(subscription);
  const date = subscription.endDate ?? subscription.canceledAt;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder padding="lg" aria-label="Current plan">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {plan?.product.metadata.variationName ?? 'Paid plan'}
            </Title>
            <Badge color={isSubscriptionUsable(subscription.status) ? ACTIVE_COLOR : 'gray'}>
              {statusLabel(subscription.status)}
            </Badge>
          </Group>
          {plan && <Text fw={600}>{plan.label}</Text>}
        </Stack>
      </Card>
      <Card withBorder padding="lg" aria-label="End date">
        <Stack gap="xs">
          <Text c="dimmed" size="sm">
            {label}
          </Text>
          <Text fw={600}>{label !== 'Expired' && date ? formatDate(date) : '—'}</Text>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
