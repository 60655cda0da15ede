import { SUBSCRIPTION_TEXTS as TEXTS, isSubscriptionUsable } from '@clerkly/contracts';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShimmerSkeleton } from '../../../components/shimmer-skeleton';
import { useCurrentSubscription } from '../../../lib/billing/subscription';
import { useMyClinic } from '../../../lib/clinic/my-clinic';
import { useUsage } from '../../../lib/billing/usage';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProductList } from '../../../lib/billing/products';
import { useClinicBilling } from '../api/clinic-billing';
import { ClinicBillingActions, ClinicPlan, clinicPays } from '../components/clinic-plan';
import { CurrentPlan } from '../components/current-plan';
import { PlanBilling } from '../components/plan-billing';
import { PlansModal } from '../components/plans-modal';
import { UsageCards } from '../components/usage-cards';

/**
 * /subscription (spec point 2): Subscription, Usage, and Plan & Billing. A member of a clinic
 * (issue 29 item 3) also sees the clinic's plan: "Paid by <clinic>" in place of their own when
 * the clinic pays, and its owners subscribe or manage it here. A clinician outside any clinic
 * sees the page as before.
 */
export function SubscriptionPage() {
  usePageTitle('Subscription');
  const usage = useUsage();
  const subscription = useCurrentSubscription();
  const products = useProductList();
  const [searchParams, setSearchParams] = useSearchParams();
  const clinic = useMyClinic();
  const inClinic = Boolean(clinic.data);
  const clinicBilling = useClinicBilling(
    inClinic,
    searchParams.get('clinic_checkout') === 'success',
  );
  // The clinic's plan is extra: if it cannot be read, the clinician's own page still shows.
  const clinicSettled =
    clinic.isError ||
    clinic.data === null ||
    clinicBilling.data !== undefined ||
    clinicBilling.isError;
  const paidByClinic = clinicPays(clinicBilling.data) ? clinicBilling.data : null;
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
  const ready = usage.data !== undefined && subscription.data !== undefined && clinicSettled;
  const ownPlanUsable = isSubscriptionUsable(subscription.data?.status);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1}>Subscription</Title>
        {!paidByClinic && <Button onClick={() => setPlansOpened(true)}>{TEXTS.choosePlan}</Button>}
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
            {paidByClinic && !ownPlanUsable ? (
              <ClinicPlan billing={paidByClinic} products={products.data} />
            ) : (
              <CurrentPlan
                subscription={subscription.data}
                usage={usage.data}
                products={products.data}
              />
            )}
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
              {!(paidByClinic && subscription.data === null) && (
                <PlanBilling subscription={subscription.data} />
              )}
              {clinicBilling.data && (
                <ClinicBillingActions
                  billing={clinicBilling.data}
                  products={products.data}
                  awaitingCheckout={searchParams.get('clinic_checkout') === 'success'}
                />
              )}
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
