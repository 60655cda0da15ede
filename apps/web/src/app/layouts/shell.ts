/** Measurements of the application shell (spec points 2 and 9). */
export const SIDEBAR_WIDTH = { open: 310, collapsed: 100 } as const;
export const HEADER_HEIGHT = 64;
/** From this breakpoint up the sidebar shows; below it, the mobile header and drawer. */
export const SHELL_BREAKPOINT = 'md';
