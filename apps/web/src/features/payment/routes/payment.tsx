import { Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

/** /payment (spec point 2). Its content arrives in a later issue. */
export function PaymentPage() {
  usePageTitle('Payment');

  return <Title order={1}>Payment</Title>;
}
