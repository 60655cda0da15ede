import {
  CLINIC_BILLING_MESSAGES as MESSAGES,
  TOASTS,
  formatPrice,
  isSubscriptionUsable,
  type BillingInterval,
  type ClinicBilling,
  type ProductList,
} from '@clerkly/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { planOfPrice } from '../../../lib/billing/products';
import { errorMessage } from '../../../lib/error-message';
import { useClinicBillingPortal, useClinicCheckout } from '../api/clinic-billing';
import { BillingPeriodControl } from './billing-period-control';
import { PlanSummaryCard } from './plan-summary-card';
import { redirectTo } from './plans-modal';
import { plansFor, statusLabel } from '../utils/plans';

const seatsText = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;

/** The clinic's plan is usable: its members are paid users (issue 29 item 3). */
export const clinicPays = (
  billing: ClinicBilling | undefined,
): billing is ClinicBilling & {
  subscription: NonNullable<ClinicBilling['subscription']>;
} => billing?.subscription != null && isSubscriptionUsable(billing.subscription.status);

/**
 * The Subscription section for a member of a paying clinic: the clinic's plan in place of the
 * clinician's own, "Paid by <clinic>", and when it renews or ends.
 */
export function ClinicPlan({
  billing,
  products,
}: {
  billing: ClinicBilling & { subscription: NonNullable<ClinicBilling['subscription']> };
  products: ProductList | undefined;
}) {
  const { subscription } = billing;
  const plan = planOfPrice(products, subscription.planDuration.stripePriceId);
  return (
    // Active: only a clinic whose subscription is usable pays for its members (clinicPays).
    <PlanSummaryCard
      title={plan?.product.metadata.variationName ?? 'Paid plan'}
      status={statusLabel(subscription.status)}
      active
      subscription={subscription}
    >
      <Text fw={600}>{MESSAGES.paidBy(billing.clinicName)}</Text>
      {plan && <Text size="sm">{plan.label} per seat</Text>}
      <Text size="sm" c="dimmed">
        {seatsText(subscription.quantity ?? billing.seats)}
      </Text>
    </PlanSummaryCard>
  );
}

/**
 * Plan & Billing for a clinic's members: owners subscribe the clinic (one seat per member) or
 * manage its plan on Stripe's billing page; other members are told who can.
 */
export function ClinicBillingActions({
  billing,
  products,
  awaitingCheckout,
}: {
  billing: ClinicBilling;
  products: ProductList | undefined;
  awaitingCheckout: boolean;
}) {
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useClinicCheckout();
  const portal = useClinicBillingPortal();
  const owner = billing.role === 'owner';
  const paying = clinicPays(billing);

  if (!billing.billingEnabled) return null;

  const failed = (what: string) => (error: unknown) => {
    console.warn(what, error);
    notifications.show({ color: 'red', message: errorMessage(error, TOASTS.paymentFailed) });
  };
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (session) => redirectTo.assign(session.url),
      onError: failed('Opening the clinic billing page failed.'),
    });
  const manage = billing.subscription !== null && (
    <Group>
      <Button variant="light" onClick={openPortal} loading={portal.isPending}>
        {MESSAGES.manage}
      </Button>
    </Group>
  );

  if (paying) {
    if (!owner) return null;
    const paid = billing.subscription.quantity;
    return (
      <Stack gap="sm" aria-label="Clinic billing">
        <Text>
          {billing.clinicName}: {seatsText(billing.seats)} in use
          {paid !== null && paid !== billing.seats ? `, ${paid} paid (updating)` : ''}.
        </Text>
        {manage}
      </Stack>
    );
  }

  if (awaitingCheckout) return <Text role="status">{MESSAGES.activating}</Text>;
  if (!owner) return <Text>{MESSAGES.askOwner}</Text>;

  const plans = plansFor(products, interval);
  return (
    <Stack gap="sm" aria-label="Clinic billing">
      <Title order={3} size="h4">
        {billing.clinicName}
      </Title>
      <BillingPeriodControl label="Clinic billing period" value={interval} onChange={setInterval} />
      {plans.map(({ key, product, price }) => (
        <Group key={`${key}-${price.id}`} justify="space-between" maw={560}>
          <Text>
            {product.metadata.variationName}: {formatPrice(price)} per seat
          </Text>
          <Button
            onClick={() =>
              checkout.mutate(
                { priceId: price.id },
                {
                  onSuccess: (session) => redirectTo.assign(session.url),
                  onError: failed('Creating the clinic checkout session failed.'),
                },
              )
            }
            loading={checkout.isPending}
          >
            {MESSAGES.subscribe(billing.seats)}
          </Button>
        </Group>
      ))}
      {manage}
    </Stack>
  );
}
