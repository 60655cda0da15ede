import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredNotifications } from './deferred-notifications';
import { createAppQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client; the app makes one per page load. */
  queryClient?: QueryClient;
  /** `'test'` turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      {/* Spec point 8: toasts top-right, closing after 5000 ms (notifications-host.tsx). */}
      <DeferredNotifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
