import { Drawer } from '@mantine/core';
import { MainNavLinks } from './main-nav-links';
import { SHELL_BREAKPOINT, SIDEBAR_WIDTH } from './shell';

/** The slide-in menu of small screens (spec point 2 "Layout"). */
export function MobileNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size={SIDEBAR_WIDTH.open}
      hiddenFrom={SHELL_BREAKPOINT}
    >
      <nav aria-label="Main navigation">
        <MainNavLinks onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
