import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { AppProvider } from '../provider';
import { ErrorView } from './error-view';

function renderFailingRoute(loader: () => unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader,
      element: null,
      hydrateFallbackElement: <p>Loading…</p>,
      errorElement: <ErrorView />,
    },
  ]);
  render(
    <AppProvider env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('error view', () => {
  it('shows "404 Not Found" for an unknown URL', async () => {
    mockApi({});
    renderApp('/no-such-page');

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('shows the message of a thrown error', async () => {
    renderFailingRoute(() => {
      throw new Error('Session data could not be read');
    });

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Session data could not be read' }),
    ).toBeInTheDocument();
  });

  it('shows status and status text of an error response', async () => {
    renderFailingRoute(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer with a status
      throw data(null, { status: 403, statusText: 'Forbidden' });
    });

    expect(await screen.findByRole('heading', { name: '403 Forbidden' })).toBeInTheDocument();
  });
});
