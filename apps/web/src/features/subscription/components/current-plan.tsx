import {
  SUBSCRIPTION_TEXTS as TEXTS,
  isSubscriptionUsable,
  type ProductList,
  type Subscription,
  type Usage,
} from '@clerkly/contracts';
import { Text } from '@mantine/core';
import { planOfPrice } from '../../../lib/billing/products';
import { statusLabel } from '../utils/plans';
import { PlanSummaryCard } from './plan-summary-card';

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
      <PlanSummaryCard
        title={TEXTS.basicPlan}
        status={active ? 'Active' : 'Inactive'}
        active={active}
        subscription={null}
      >
        <Text fw={600}>{TEXTS.freeForever}</Text>
      </PlanSummaryCard>
    );
  }

  const plan = planOfPrice(products, subscription.planDuration.stripePriceId);
  return (
    <PlanSummaryCard
      title={plan?.product.metadata.variationName ?? 'Paid plan'}
      status={statusLabel(subscription.status)}
      active={isSubscriptionUsable(subscription.status)}
      subscription={subscription}
    >
      {plan && <Text fw={600}>{plan.label}</Text>}
    </PlanSummaryCard>
  );
}
