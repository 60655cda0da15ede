import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { AppProvider } from '../app/provider';
import { createAppQueryClient } from '../app/query-client';
import { AppRouterProvider, routes } from '../app/router';

/** Renders the whole app (providers, real routes, guards, layouts) at `url`. */
export function renderApp(url: string) {
  const queryClient = createAppQueryClient({ retryDelay: 0 });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();

  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <AppRouterProvider router={router} />
    </AppProvider>,
  );

  return { ...view, router, queryClient, user };
}

/**
 * Renders the whole app at `url` and waits for the page's heading `heading`: the lazy page and
 * the session read have loaded, so the test starts on a page a person could use.
 */
export async function renderPage(url: string, heading: string) {
  const app = renderApp(url);
  await screen.findByRole('heading', { name: heading });
  return app;
}
