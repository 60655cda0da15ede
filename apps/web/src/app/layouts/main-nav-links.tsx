import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterNavLink } from 'react-router';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { NAV_ITEMS, type NavItem } from './nav-items';

type MainNavLinksProps = {
  /** Icons only; the label becomes the tooltip and the accessible name. */
  collapsed?: boolean;
  onNavigate?: () => void;
};

const collapsedStyles = {
  root: { justifyContent: 'center' },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
} as const;

function MainNavLink({ item, collapsed, onNavigate }: MainNavLinksProps & { item: NavItem }) {
  const Icon = item.icon;
  // React Router's NavLink marks the current route with aria-current="page"; Mantine's NavLink
  // styles that as active.
  const link = (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      onClick={onNavigate}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? item.label : undefined}
      leftSection={<Icon size={22} stroke={1.6} aria-hidden />}
      styles={collapsed ? collapsedStyles : undefined}
      py="sm"
      fw={500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return collapsed ? (
    <DeferredTooltip label={item.label} position="right" withArrow>
      {link}
    </DeferredTooltip>
  ) : (
    link
  );
}

/** The app's section links (spec point 2 "Layout"), shared by the sidebar and the mobile menu. */
export function MainNavLinks({ collapsed = false, onNavigate }: MainNavLinksProps) {
  return (
    <Stack gap={4}>
      {NAV_ITEMS.map((item) => (
        <MainNavLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
