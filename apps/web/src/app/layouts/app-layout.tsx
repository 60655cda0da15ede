import { ActionIcon, AppShell, Burger, Box, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageSkeleton } from '../../components/page-skeleton';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationsPlaceholder, SearchPlaceholder } from './header-placeholders';
import { HomeLogoLink } from './home-logo-link';
import { MainNavLinks } from './main-nav-links';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { HEADER_HEIGHT, SHELL_BREAKPOINT, SIDEBAR_WIDTH } from './shell';

// The small screens' menu loads with its first opening (issue 13).
const MobileNavDrawer = lazyDialog(() =>
  import('./mobile-nav-drawer').then((m) => m.MobileNavDrawer),
);

/**
 * Layout of the signed-in app (spec point 2 "Layout"): collapsible sidebar and top bar on large
 * screens; header with a slide-in menu on small ones.
 */
export function AppLayout() {
  // The sidebar's open/closed flag starts open (spec point 3).
  const [sidebarOpened, sidebar] = useDisclosure(true);
  const [menuOpened, menu] = useDisclosure(false);
  const collapseLabel = sidebarOpened ? 'Collapse sidebar' : 'Expand sidebar';
  const CollapseIcon = sidebarOpened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;

  return (
    <AppShell
      layout="alt"
      padding="lg"
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: sidebarOpened ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.collapsed,
        breakpoint: SHELL_BREAKPOINT,
        // Small screens use the drawer below instead.
        collapsed: { mobile: true },
      }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" hiddenFrom={SHELL_BREAKPOINT}>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              size="sm"
              aria-label={menuOpened ? 'Close navigation menu' : 'Open navigation menu'}
            />
            <HomeLogoLink />
          </Group>
          <Box visibleFrom={SHELL_BREAKPOINT}>
            <SearchPlaceholder />
          </Box>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom={SHELL_BREAKPOINT}>
              <NotificationsPlaceholder />
            </Box>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Main navigation" visibleFrom={SHELL_BREAKPOINT}>
        <AppShell.Section>
          {/* As tall as the top bar minus the navbar's padding, so the logo lines up with it. */}
          <Group justify={sidebarOpened ? 'flex-start' : 'center'} h={HEADER_HEIGHT - 32}>
            <HomeLogoLink withWordmark={sidebarOpened} />
          </Group>
        </AppShell.Section>
        {/* The browser's own scrolling, not Mantine's ScrollArea: its mount measured itself and
            rendered twice more, in the first screen's longest tasks on a phone (issue 25). */}
        <AppShell.Section grow mt="lg" mih={0} style={{ overflowY: 'auto' }}>
          <MainNavLinks collapsed={!sidebarOpened} />
        </AppShell.Section>
        <AppShell.Section>
          <Group justify={sidebarOpened ? 'flex-end' : 'center'}>
            <DeferredTooltip label={collapseLabel} position="right" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={sidebar.toggle}
                aria-label={collapseLabel}
              >
                <CollapseIcon size={22} stroke={1.6} aria-hidden />
              </ActionIcon>
            </DeferredTooltip>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <MobileNavDrawer opened={menuOpened} onClose={menu.close} />

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
