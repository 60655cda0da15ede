import {
  SUBSCRIPTION_TEXTS as TEXTS,
  TOASTS,
  formatPrice,
  isSubscriptionUsable,
  type BillingInterval,
  type ProductList,
  type Subscription,
} from '@clerkly/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiNetworkError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { planOfPrice } from '../../../lib/billing/products';
import { BillingPeriodControl } from './billing-period-control';
import { featuresOf, plansFor } from '../utils/plans';

/** Where the browser goes for the provider's checkout; a seam for tests. */
export const redirectTo = {
  assign: (url: string) => window.location.assign(url),
};

function PlanCard({
  title,
  price,
  description,
  features,
  current,
  action,
}: {
  title: string;
  price: string;
  description: string;
  features: string[];
  current: boolean;
  action: React.ReactNode;
}) {
  return (
    <Card withBorder padding="lg" aria-label={`${title} plan`}>
      <Stack gap="sm" h="100%">
        <Title order={3}>{title}</Title>
        {current && (
          // Filled teal 9: the light green variant is under WCAG AA contrast (issue 14).
          <Badge color="teal.9">{TEXTS.currentPlan}</Badge>
        )}
        <Text fw={700} size="lg">
          {price}
        </Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {features.length > 0 && (
          <List size="sm" spacing={4}>
            {features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        )}
        <Stack mt="auto">{action}</Stack>
      </Stack>
    </Card>
  );
}

/**
 * The plans view (spec point 2): Current Plan, a Monthly/Annual toggle, the Basic free plan, the
 * paid plans of the provider's product list and Enterprise "Contact us". Choosing a paid plan
 * creates a checkout session and sends the browser to the provider's checkout (spec point 4).
 */
export function PlansModal({
  opened,
  onClose,
  products,
  productsPending,
  subscription,
}: {
  opened: boolean;
  onClose: () => void;
  products: ProductList | undefined;
  productsPending: boolean;
  subscription: Subscription | null;
}) {
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useCreateCheckoutSession();
  const [choosing, setChoosing] = useState<string | null>(null);

  const paying = subscription !== null && isSubscriptionUsable(subscription.status);
  const currentPaid = paying
    ? planOfPrice(products, subscription.planDuration.stripePriceId)
    : null;
  const currentName = paying
    ? (currentPaid?.product.metadata.variationName ?? 'Paid plan')
    : TEXTS.basicPlan;
  const plans = plansFor(products, interval);

  const choose = (priceId: string) => {
    setChoosing(priceId);
    checkout.mutate(
      { priceId },
      {
        onSuccess: (session) => redirectTo.assign(session.url),
        onError: (error) => {
          console.warn('Creating the checkout session failed.', error);
          setChoosing(null);
          notifications.show({
            color: 'red',
            // Spec point 8: the server's error text, or "Error processing payment!".
            message:
              error instanceof ApiNetworkError
                ? TOASTS.paymentFailed
                : errorMessage(error, TOASTS.paymentFailed),
          });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={TEXTS.choosePlan} size="xl" centered>
      <Stack gap="md">
        <Text>
          {TEXTS.currentPlan}: <strong>{currentName}</strong>
        </Text>
        <BillingPeriodControl label="Billing period" value={interval} onChange={setInterval} />
        {products && !products.billingEnabled && (
          <Alert color="blue" variant="light">
            {TEXTS.billingOff}
          </Alert>
        )}
        {productsPending && <Loader size="sm" aria-label="Loading plans" />}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <PlanCard
            title={TEXTS.basicPlan}
            price={TEXTS.basicPrice}
            description="Try Clerkly: 15 patient sessions, 45 notes, 4 templates per session."
            features={[]}
            current={!paying}
            action={
              <Button variant="default" disabled>
                {paying ? TEXTS.basicPlan : TEXTS.currentPlan}
              </Button>
            }
          />
          {plans.map(({ key, product, price }) => {
            const current = currentPaid?.price.id === price.id;
            return (
              <PlanCard
                key={`${key}-${price.id}`}
                title={product.metadata.variationName}
                price={formatPrice(price)}
                description={product.metadata.variationDescription}
                features={featuresOf(product)}
                current={current}
                action={
                  <Button
                    onClick={() => choose(price.id)}
                    disabled={current || paying || (checkout.isPending && choosing !== price.id)}
                    loading={checkout.isPending && choosing === price.id}
                  >
                    {current ? TEXTS.currentPlan : `Choose ${product.metadata.variationName}`}
                  </Button>
                }
              />
            );
          })}
          <PlanCard
            title={TEXTS.enterprisePlan}
            price={TEXTS.contactUs}
            description="For clinics and groups: custom limits, onboarding and invoicing."
            features={[]}
            current={false}
            action={
              <Button component="a" href="mailto:?subject=Clerkly%20Enterprise" variant="light">
                {TEXTS.contactUs}
              </Button>
            }
          />
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
