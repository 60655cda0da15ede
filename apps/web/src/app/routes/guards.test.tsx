import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_PROBE_PATH } from '../../lib/auth/current-user';
import { createUser } from '../../testing/data-generators';
import { currentUserHandler, errorResponse, mockApi } from '../../testing/mock-api';
import { withFallbackForOtherPages } from '../../testing/mock-api-fallback';
import { renderApp } from '../../testing/render-app';

const signedOut = () =>
  mockApi(withFallbackForOtherPages({ 'GET /api/users': currentUserHandler(null) }));
const signedIn = () =>
  mockApi(withFallbackForOtherPages({ 'GET /api/users': currentUserHandler(createUser()) }));

describe('route guards', () => {
  it('shows the full-page loader while the authentication check is pending', async () => {
    mockApi(withFallbackForOtherPages({ 'GET /api/users': () => new Promise<Response>(() => {}) }));
    renderApp('/create-notes');

    expect(
      await screen.findByRole('status', { name: 'Checking your session…' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create Notes' })).not.toBeInTheDocument();
  });

  it('sends an unauthenticated visitor of a protected route to /login', async () => {
    signedOut();
    const { router } = renderApp('/my-sessions');

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unauthenticated visitor of /subscription?plan=pro to /register?plan=pro', async () => {
    signedOut();
    const { router } = renderApp('/subscription?plan=pro');

    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe('?plan=pro');
  });

  it('treats a failed check as unauthenticated after 3 attempts', async () => {
    const { requests } = mockApi(
      withFallbackForOtherPages({
        'GET /api/users': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Try again later'),
      }),
    );
    const { router } = renderApp('/templates');

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The check's first request is the session probe (issue 13); it is the one retried.
    expect(requests.filter((r) => r.path === SESSION_PROBE_PATH)).toHaveLength(3);
    expect(requests.filter((r) => r.path === '/api/users')).toHaveLength(0);
  });

  it('redirects / to /create-notes', async () => {
    signedIn();
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Create Notes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-notes');
    expect(document.title).toBe('Create Notes | Clerkly');
  });

  it('lets a signed-in user open a protected route', async () => {
    signedIn();
    renderApp('/audio-check');

    expect(await screen.findByRole('heading', { name: 'Audio Check' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of /login to /create-notes with the welcome flag', async () => {
    signedIn();
    const { router } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Create Notes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-notes');
    expect(router.state.location.state).toEqual({ welcome: true });
  });

  it('sends a signed-in visitor of /register?plan=pro to /subscription?plan=pro', async () => {
    signedIn();
    const { router } = renderApp('/register?plan=pro');

    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
    expect(router.state.location.search).toBe('?plan=pro');
  });

  it('shows /payment without sidebar and top bar', async () => {
    signedIn();
    renderApp('/payment');

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('sends the user to /login when the session ends while using the app', async () => {
    let user: ReturnType<typeof createUser> | null = createUser();
    mockApi(withFallbackForOtherPages({ 'GET /api/users': () => currentUserHandler(user)() }));
    const { router, user: actor } = renderApp('/create-notes');
    await screen.findByRole('heading', { name: 'Create Notes' });

    user = null;
    await actor.click(screen.getByRole('link', { name: 'Templates' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
  });

  it('asks who is signed in once when /create-notes opens (issue 13: it asked three times)', async () => {
    const { requests } = signedIn();
    renderApp('/create-notes');

    expect(await screen.findByRole('heading', { name: 'Create Notes' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Open user menu$/ })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/users')).toHaveLength(1);
    expect(requests.filter((r) => r.path === SESSION_PROBE_PATH)).toHaveLength(1);
  });

  it('asks a signed-out visitor of /login only the session probe, which answers 200 (issue 13)', async () => {
    const { requests } = signedOut();
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual([SESSION_PROBE_PATH]);
  });

  it('re-checks a known user on the next page with GET /api/users alone', async () => {
    const { requests } = signedIn();
    const { user } = renderApp('/create-notes');
    await screen.findByRole('heading', { name: 'Create Notes' });

    await user.click(screen.getByRole('link', { name: 'Templates' }));

    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/users')).toHaveLength(2));
    expect(requests.filter((r) => r.path === SESSION_PROBE_PATH)).toHaveLength(1);
  });
});
