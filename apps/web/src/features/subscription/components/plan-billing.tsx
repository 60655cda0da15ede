import {
  SUBSCRIPTION_TEXTS as TEXTS,
  TOASTS,
  isSubscriptionUsable,
  type Subscription,
} from '@clerkly/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCancelSubscription } from '../api/cancel-subscription';
import { formatDate } from '../utils/plans';

/**
 * Plan & Billing (spec points 2 and 4): Cancel Subscription with its confirmation while the
 * plan is not cancelled; once cancelled, when it ends; without a subscription, the spec's line.
 */
export function PlanBilling({ subscription }: { subscription: Subscription | null }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();

  if (!subscription) return <Text>{TEXTS.noActiveSubscription}</Text>;

  if (subscription.canceledAt || !isSubscriptionUsable(subscription.status)) {
    const ends = subscription.endDate ?? subscription.canceledAt;
    return ends ? (
      <Text>
        {TEXTS.planEndsOn} {formatDate(ends)}
      </Text>
    ) : (
      <Text>{TEXTS.noActiveSubscription}</Text>
    );
  }

  const confirm = () => {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: TOASTS.subscriptionCancelled });
      },
      onError: (error) => {
        console.warn('Cancelling the subscription failed.', error);
        setConfirming(false);
        notifications.show({ color: 'red', message: TOASTS.cancelFailed });
      },
    });
  };

  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {TEXTS.cancelSubscription}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={TEXTS.cancelSubscription}
        centered
      >
        <Stack>
          <Text>{TEXTS.cancelConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
