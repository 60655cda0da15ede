import type { CurrentUser } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import {
  currentUserHandler,
  errorResponse,
  jsonResponse,
  mockApi,
  type ApiHandler,
} from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

type SignOutHandler = (endSession: () => void) => Response;

const endsSession: SignOutHandler = (endSession) => {
  endSession();
  return jsonResponse({ success: true });
};

/** A signed-in session; `POST /api/auth/sign-out` answers with `onSignOut`. */
async function renderSignedIn(url: string, onSignOut: SignOutHandler = endsSession) {
  let signedInUser: CurrentUser | null = createUser({ firstName: 'ada', lastName: 'lovelace' });
  const signOut: ApiHandler = () =>
    onSignOut(() => {
      signedInUser = null;
    });
  const api = mockApi({
    'GET /api/users': () => currentUserHandler(signedInUser)(),
    'POST /api/auth/sign-out': signOut,
    // The Subscription page (one of the start pages below) asks for these.
    'GET /api/usage/': () =>
      jsonResponse({ isFreeTrial: true, sessions: 0, notes: 0, access: 'trial' }),
    'GET /api/subscriptions/user/current': () => jsonResponse(null),
    'GET /api/stripe/product-list': () => jsonResponse({ billingEnabled: false, products: {} }),
    'GET /api/clinic': () => jsonResponse({ clinic: null }),
  });
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  return { ...app, ...api };
}

describe('user menu', () => {
  it('shows the initials, full name and e-mail, and logs out to /login', async () => {
    const { user, router, requests } = await renderSignedIn('/tutorial');

    // Issue 14: the name starts with the initials the avatar shows.
    const avatar = screen.getByRole('button', { name: 'AL – Open user menu' });
    expect(avatar).toHaveTextContent('AL');
    await user.click(avatar);
    const dropdown = await screen.findByRole('menu');
    expect(within(dropdown).getByText('ada lovelace')).toBeInTheDocument();
    expect(within(dropdown).getByText('ada.lovelace@example.com')).toBeInTheDocument();

    await user.click(within(dropdown).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/auth/sign-out', body: {} }),
    );
  });

  it('opens from the keyboard on the first press and gives focus back on Escape', async () => {
    const { user } = await renderSignedIn('/tutorial');
    const avatar = screen.getByRole('button', { name: /Open user menu$/ });
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');

    avatar.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('menu')).toBeInTheDocument();
    const opened = screen.getByRole('button', { name: /Open user menu$/ });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus());

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Open user menu$/ })).toHaveFocus();
  });

  it('logs out to /login even from /subscription?plan=pro', async () => {
    const { user, router } = await renderSignedIn('/subscription?plan=pro');

    await user.click(screen.getByRole('button', { name: /Open user menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /login when the session had already ended', async () => {
    const { user, router } = await renderSignedIn('/tutorial', (endSession) => {
      endSession();
      return errorResponse(401, 'UNAUTHORIZED', 'No session');
    });

    await user.click(screen.getByRole('button', { name: /Open user menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Logout failed. Please try again.')).not.toBeInTheDocument();
  });

  it('stays signed in and says so when logout fails', async () => {
    const { user, router } = await renderSignedIn('/tutorial', () =>
      errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'),
    );

    await user.click(screen.getByRole('button', { name: /Open user menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutorial');
  });
});
