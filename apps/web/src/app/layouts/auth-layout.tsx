import { AppShell, Center, Container, Paper } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { loadAppLayout, loadCreateNotesPage } from '../route-modules';
import { HomeLogoLink } from './home-logo-link';
import { HEADER_HEIGHT, SHELL_BREAKPOINT, SIDEBAR_WIDTH } from './shell';

/**
 * Layout of /login, /register and /forgot-password (spec point 2 "Layout"): the sidebar is forced
 * open and holds only the logo; there is no top bar. Small screens get a header with the logo
 * centred and no menu or avatar. Also the frame of profile setup when a signed-in user without a
 * profession opens a protected page (issue 26: it showed there without the logo).
 */
/**
 * A submitted form here (login, sign-up, its code, profile setup) is usually on its way to Create
 * Notes: its route modules start loading beside the request, whose password hash takes a second
 * or more, instead of after it. The router's `lazy` finds them loaded or in flight.
 */
function startCreateNotesModules() {
  // A failure shows when the router asks for the module itself (its error view).
  loadAppLayout().catch(() => undefined);
  loadCreateNotesPage().catch(() => undefined);
}

export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <AppShell
      padding="md"
      header={{ height: { base: HEADER_HEIGHT, [SHELL_BREAKPOINT]: 0 } }}
      navbar={{
        width: SIDEBAR_WIDTH.open,
        breakpoint: SHELL_BREAKPOINT,
        collapsed: { mobile: true },
      }}
    >
      <AppShell.Header hiddenFrom={SHELL_BREAKPOINT}>
        <Center h="100%">
          <HomeLogoLink />
        </Center>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Main navigation" visibleFrom={SHELL_BREAKPOINT}>
        <HomeLogoLink />
      </AppShell.Navbar>

      <AppShell.Main>
        <Container size={460} py="xl">
          <Paper withBorder shadow="sm" p="xl" onSubmitCapture={startCreateNotesModules}>
            <Suspense fallback={<PageSkeleton />}>{children ?? <Outlet />}</Suspense>
          </Paper>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
