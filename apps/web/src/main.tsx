import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createAppQueryClient } from './app/query-client';
import { AppRouter } from './app/router';
import { currentUserQueryOptions } from './lib/auth/current-user';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const queryClient = createAppQueryClient();
// Issue 13: every page first asks who is signed in (the route guards). Asked here, the question
// travels while the router still fetches the first page's modules, instead of after them: one
// leg less in the chain the first screen waits on. The guards then find it answered or in flight.
void queryClient.prefetchQuery(currentUserQueryOptions());

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
