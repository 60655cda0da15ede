import { endDateLabel, isSubscriptionUsable } from '@clerkly/contracts';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { planOfPrice, useProductList } from '../../../lib/billing/products';
import { subscriptionQueryKey, subscriptionQueryOptions } from '../../../lib/billing/subscription';
import { usageQueryKey } from '../../../lib/billing/usage';
import { usePageTitle } from '../../../lib/use-page-title';

/** How long the page waits for the payment provider's webhook before saying it may take a while. */
const ACTIVATION_WAIT_MS = 30_000;
const POLL_INTERVAL_MS = 2000;

/**
 * /payment (spec point 2): where the provider's checkout returns, success or cancelled. It
 * refreshes the subscription (cached indefinitely elsewhere) until the webhook has recorded the
 * payment, then leads back to the Subscription page.
 */
export function PaymentPage() {
  usePageTitle('Payment');
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  const succeeded = status === 'success';
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
  }, [queryClient]);

  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    staleTime: 0,
    refetchInterval: (query) =>
      succeeded &&
      !isSubscriptionUsable(query.state.data?.status) &&
      query.state.dataUpdatedAt - startedAt < ACTIVATION_WAIT_MS
        ? POLL_INTERVAL_MS
        : false,
  });
  const products = useProductList();
  const active = isSubscriptionUsable(subscription.data?.status);
  const plan = planOfPrice(products.data, subscription.data?.planDuration.stripePriceId ?? null);
  const waitedLong = subscription.dataUpdatedAt - startedAt >= ACTIVATION_WAIT_MS;

  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    },
    [queryClient],
  );

  return (
    <Stack gap="lg" align="flex-start">
      <Title order={1}>Payment</Title>
      {succeeded && <Title order={2}>Payment received</Title>}
      {status === 'cancelled' && (
        <>
          <Title order={2}>Payment cancelled</Title>
          <Text>No payment was taken. You can choose a plan again at any time.</Text>
        </>
      )}
      {succeeded && active && subscription.data && (
        <Alert color="green" variant="light" role="status">
          Your subscription is active. Thank you!
          {/* Issue 26: what the checkout returned, not only a heading. */}
          {plan && (
            <Text size="sm" mt="xs">
              Plan: {plan.product.metadata.variationName} ({plan.label})
            </Text>
          )}
          {subscription.data.endDate && (
            <Text size="sm" mt="xs">
              {endDateLabel(subscription.data)}:{' '}
              {new Date(subscription.data.endDate).toLocaleString('en-US', {
                dateStyle: 'short',
                timeStyle: 'short',
              })}
            </Text>
          )}
        </Alert>
      )}
      {succeeded && !active && !waitedLong && (
        <Text role="status">
          <Loader size="xs" mr="xs" />
          Activating your subscription...
        </Text>
      )}
      {succeeded && !active && waitedLong && (
        <Text role="status">
          Your payment is being confirmed; your plan will show on the Subscription page shortly.
        </Text>
      )}
      <Button component={Link} to={paths.subscription}>
        Back to Subscription
      </Button>
    </Stack>
  );
}
