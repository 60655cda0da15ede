import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /subscription (spec point 2). Its content arrives in a later issue. */
export function SubscriptionPage() {
  usePageTitle('Subscription');

  return <Title order={1}>Subscription</Title>;
}
