import { describe, expect, it } from 'vitest';
import { getAuthenticatedRedirect, getUnauthenticatedRedirect } from './redirects';

describe('getUnauthenticatedRedirect', () => {
  it('sends visitors of protected routes to /login', () => {
    expect(getUnauthenticatedRedirect({ pathname: '/my-sessions', search: '' })).toBe('/login');
  });

  it('sends a visitor with a plan for /subscription to /register, keeping the plan', () => {
    expect(getUnauthenticatedRedirect({ pathname: '/subscription', search: '?plan=pro' })).toBe(
      '/register?plan=pro',
    );
    expect(
      getUnauthenticatedRedirect({ pathname: '/subscription', search: '?plan=Pro+Annual&x=1' }),
    ).toBe('/register?plan=Pro+Annual');
  });

  it('ignores a plan anywhere but /subscription', () => {
    expect(getUnauthenticatedRedirect({ pathname: '/create-notes', search: '?plan=pro' })).toBe(
      '/login',
    );
  });
});

describe('getAuthenticatedRedirect', () => {
  it('sends a signed-in visitor of /login to /create-notes with the welcome flag', () => {
    expect(getAuthenticatedRedirect({ pathname: '/login', search: '' })).toEqual({
      to: '/create-notes',
      state: { welcome: true },
    });
  });

  it('sends a signed-in visitor of /register with a plan to /subscription with that plan', () => {
    expect(getAuthenticatedRedirect({ pathname: '/register', search: '?plan=pro' })).toEqual({
      to: '/subscription?plan=pro',
    });
  });

  it('sends a signed-in user still without a profession from /register to profile setup (issue 14)', () => {
    expect(
      getAuthenticatedRedirect({ pathname: '/register', search: '' }, { profession: null }),
    ).toEqual({ to: '/create-notes', state: { welcome: true } });
    expect(
      getAuthenticatedRedirect({ pathname: '/register', search: '' }, { profession: 'Nurse' }),
    ).toBeNull();
  });

  it('lets /register without a plan and /forgot-password through', () => {
    expect(getAuthenticatedRedirect({ pathname: '/register', search: '' })).toBeNull();
    expect(getAuthenticatedRedirect({ pathname: '/forgot-password', search: '' })).toBeNull();
  });
});
