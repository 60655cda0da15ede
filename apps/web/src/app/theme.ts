import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type VariantColorsResolver,
  Input,
  Notification,
  type CSSVariablesResolver,
  type DrawerProps,
  type MenuProps,
  type ModalProps,
} from '@mantine/core';
import { WARNING_TEXT_VAR } from '../config/colors';
import classes from './theme.module.css';

/**
 * Issue 14 (WCAG 2.1 AA, checked by axe-core in e2e/tests/a11y.spec.ts):
 * - primary shade 9 of cyan (#0b7285): white on it and it on white are 5.6:1, where shade 8
 *   (#0c8599) was 4.35:1, under the 4.5:1 that normal-size text needs;
 * - close buttons of modals and drawers are named, since they show only an icon;
 * - text fields show a focus ring (theme.module.css), not only a 1 px border colour change.
 */
const CLOSE_DIALOG_LABEL = 'Close dialog';

/**
 * Modals and drawers: the icon-only close button gets a name, and the title bar (a `<header>`)
 * is not announced as a second page banner beside the app's top bar.
 */
const dialogDefaults = {
  closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL },
  attributes: { header: { role: 'none' } },
} satisfies Partial<ModalProps> & Partial<DrawerProps>;

/**
 * The light variant (alerts, light badges and buttons) writes in shade 9 on a tint of it: 3.6:1
 * for orange and yellow, under WCAG AA. Its text is darkened until it is dark enough.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'filled' && input.variant !== undefined) {
    return colors;
  }
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  const palette = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!palette) return colors;
  if (input.variant !== 'light') {
    // Filled: white text on shade 9, which for orange (#d9480f) is 4.3:1, under WCAG AA.
    // Luminance 0.18 or less gives white 4.5:1 or more.
    const { primaryShade } = input.theme;
    const shade =
      parsed.shade ?? (typeof primaryShade === 'number' ? primaryShade : primaryShade.light);
    let background = palette[shade];
    if (!background || luminance(background) <= 0.18) return colors;
    for (let step = 0; step < 8 && luminance(background) > 0.18; step += 1) {
      background = darken(background, 0.05);
    }
    return { ...colors, background, hover: darken(background, 0.1) };
  }
  // Luminance 0.12 is 5.8:1 on white, 4.5:1 or more on the tint behind it.
  let color = palette[9];
  for (let step = 0; step < 8 && luminance(color) > 0.12; step += 1) color = darken(color, 0.1);
  return { ...colors, color };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'cyan',
  primaryShade: 9,
  defaultRadius: 'md',
  // Mantine's default ring is the primary colour at 2 px outside the element; kept, and shown
  // for keyboard focus only (`auto`), which is where it matters.
  focusRing: 'auto',
  // A clinician who asks the system for less motion gets none: Mantine's collapses, modals and
  // menus open at once (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
    // Plain objects, typed by the props, rather than `Modal.extend(...)`: `extend` is a runtime
    // import that put Modal, Drawer and Menu (with its positioning library) in the first
    // download of every page (issue 13).
    Modal: { defaultProps: dialogDefaults },
    Drawer: { defaultProps: dialogDefaults },
    // Mantine puts a focusable presentational placeholder in each menu, which a menu may not
    // hold (ARIA); without it, opening a menu focuses its first item, as WAI-ARIA's menu
    // button pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    Input: Input.extend({ classNames: { input: classes.input } }),
  },
});

/**
 * Mantine's error colour (validation messages, invalid field borders) is red 6 (#fa5252): 3.28:1
 * on white (issue 26). Red 9 (#c92a2a) reads at 5.5:1 on white and 5.1:1 on a red tint.
 *
 * Mantine's "dimmed" text is grey 6 (#868e96): 3.3:1 on white. #5c636a keeps it visibly
 * secondary and reads at 6.1:1 on white, 5.3:1 on the light grey (#f1f3f5) of cards and 5.1:1
 * on the orange tint of a warning (#ffe8cc), where #666d75 was 4.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    [WARNING_TEXT_VAR]: '#b54708',
  },
  dark: { [WARNING_TEXT_VAR]: 'var(--mantine-color-orange-4)' },
});
