import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';

/** Layout of /payment: no sidebar and no top bar (spec point 2). */
export function PaymentLayout() {
  return (
    <Box component="main" py="xl">
      <Container size="md">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
