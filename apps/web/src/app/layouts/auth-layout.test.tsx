import { rem } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navbarWidth } from '../../testing/app-shell';
import { mockApiAs } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';

describe('auth layout', () => {
  it.each(['/login', '/register', '/forgot-password'])(
    'on %s shows the sidebar with the logo only and no top bar controls',
    async (url) => {
      mockApiAs(null);
      renderApp(url);
      await screen.findByRole('heading', { level: 1 });

      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/']);
      expect(screen.queryByRole('button', { name: /sidebar/ })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Open navigation menu' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Open user menu$/ })).not.toBeInTheDocument();
      expect(navbarWidth()).toBe(rem(310));
    },
  );
});
