import type { CurrentUser } from '@clerkly/contracts';
import { rem } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/data-generators';
import { currentUserHandler, jsonResponse, mockApi } from '../../testing/mock-api';
import { navbarWidth } from '../../testing/app-shell';
import { withFallbackForOtherPages } from '../../testing/mock-api-fallback';
import { renderApp } from '../../testing/render-app';

const ENTRIES = [
  'Profile',
  'Create Notes',
  'My Sessions',
  'Templates',
  'Audio Check',
  'Subscription',
  'Tutorial',
];

async function renderSignedIn(url: string) {
  let signedInUser: CurrentUser | null = createUser({ firstName: 'ada', lastName: 'lovelace' });
  const api = mockApi(
    withFallbackForOtherPages({
      'GET /api/users': () => currentUserHandler(signedInUser)(),
      'POST /api/auth/sign-out': () => {
        signedInUser = null;
        return jsonResponse({ success: true });
      },
    }),
  );
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  return { ...app, ...api };
}

describe('app layout', () => {
  it('lists the sidebar entries in spec order and highlights the current route', async () => {
    await renderSignedIn('/my-sessions');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');

    expect(links[0]).toHaveAccessibleName('Clerkly');
    expect(links[0]).toHaveAttribute('href', '/');
    expect(links.slice(1).map((link) => link.textContent)).toEqual(ENTRIES);
    expect(within(nav).getByRole('link', { name: 'My Sessions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('collapses the sidebar from 310 px to 100 px icons and back', async () => {
    const { user } = await renderSignedIn('/create-notes');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(navbarWidth()).toBe(rem(310));

    await user.click(within(nav).getByRole('button', { name: 'Collapse sidebar' }));

    expect(navbarWidth()).toBe(rem(100));
    const templates = within(nav).getByRole('link', { name: 'Templates' });
    expect(templates).toHaveTextContent('');
    // The icons' labels show as tooltips on hover (loaded with the first hover, issue 13).
    await user.hover(templates);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Templates');
    await user.unhover(templates);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    await user.click(within(nav).getByRole('button', { name: 'Expand sidebar' }));

    expect(navbarWidth()).toBe(rem(310));
    expect(within(nav).getByRole('link', { name: 'Templates' })).toHaveTextContent('Templates');
  });

  it('opens the mobile menu with the same entries and closes it on navigation', async () => {
    const { user, router } = await renderSignedIn('/create-notes');

    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ENTRIES);

    await user.click(within(menu).getByRole('link', { name: 'Tutorial' }));

    expect(await screen.findByRole('heading', { name: 'Tutorial' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutorial');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides the search and notifications placeholders', async () => {
    await renderSignedIn('/create-notes');
    const header = screen.getByRole('banner');

    expect(within(header).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open navigation menu', expect.stringMatching(/ – Open user menu$/)]);
  });
});
