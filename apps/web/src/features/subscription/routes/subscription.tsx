import { SUBSCRIPTION_TEXTS as TEXTS } from '@clerkly/contracts';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShimmerSkeleton } from '../../../components/shimmer-skeleton';
import { useCurrentSubscription } from '../../../lib/billing/subscription';
import { useUsage } from '../../../lib/billing/usage';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProductList } from '../../../lib/billing/products';
import { CurrentPlan } from '../components/current-plan';
import { PlanBilling } from '../components/plan-billing';
import { PlansModal } from '../components/plans-modal';
import { UsageCards } from '../components/usage-cards';

/** /subscription (spec point 2): Subscription, Usage, and Plan & Billing. */
export function SubscriptionPage() {
  usePageTitle('Subscription');
  const usage = useUsage();
  const subscription = useCurrentSubscription();
  const products = useProductList();
  const [searchParams, setSearchParams] = useSearchParams();
  // Spec point 2: the plans view opens by itself when the URL has `plan` (from /register).
  const [plansOpened, setPlansOpened] = useState(() => searchParams.has('plan'));

  const closePlans = () => {
    setPlansOpened(false);
    if (searchParams.has('plan')) {
      const next = new URLSearchParams(searchParams);
      next.delete('plan');
      setSearchParams(next, { replace: true });
    }
  };

  const failed = usage.isError || subscription.isError;
  const ready = usage.data !== undefined && subscription.data !== undefined;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1}>Subscription</Title>
        <Button onClick={() => setPlansOpened(true)}>{TEXTS.choosePlan}</Button>
      </Group>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          Your subscription could not be loaded.{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              void usage.refetch();
              void subscription.refetch();
            }}
          >
            Retry
          </Button>
        </Alert>
      )}
      {!ready && !failed && <ShimmerSkeleton height={120} />}
      {ready && (
        <>
          <section aria-label="Subscription">
            <CurrentPlan
              subscription={subscription.data}
              usage={usage.data}
              products={products.data}
            />
          </section>
          <section aria-labelledby="usage-heading">
            <Stack gap="sm">
              <Title order={2} id="usage-heading">
                Usage
              </Title>
              <UsageCards usage={usage.data} />
            </Stack>
          </section>
          <section aria-labelledby="billing-heading">
            <Stack gap="sm">
              <Title order={2} id="billing-heading">
                Plan &amp; Billing
              </Title>
              <PlanBilling subscription={subscription.data} />
            </Stack>
          </section>
        </>
      )}
      <PlansModal
        opened={plansOpened}
        onClose={closePlans}
        products={products.data}
        productsPending={products.isPending}
        subscription={subscription.data ?? null}
      />
    </Stack>
  );
}
