import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApiAs } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

beforeEach(() => {
  mockApiAs(null);
});

describe('login page', () => {
  it('sets its title, description and canonical link', async () => {
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(screen.getByText('Please enter your log-in details.')).toBeInTheDocument();
    expect(document.title).toBe('Login | Clerkly');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('Clerkly') as string,
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/login`,
    );
  });

  it('links to password reset and registration', async () => {
    const { user, router } = renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByText(/Don't Have an Account\?/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Register Here' }));

    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(document.title).toBe('Register | Clerkly');
  });
});

describe('forgot password page', () => {
  it('shows its heading and leads back to login', async () => {
    const { user, router } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(document.title).toBe('Forgot Password | Clerkly');

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
