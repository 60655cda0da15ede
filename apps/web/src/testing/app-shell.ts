/**
 * The navbar width Mantine's AppShell writes into its inline style sheet, e.g.
 * `calc(19.375rem * var(--mantine-scale))` (jsdom does no layout, so this is what can be read).
 */
export function navbarWidth(): string | undefined {
  const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('');
  return /:root\{[^}]*--app-shell-navbar-width:([^;]+);/.exec(css)?.[1];
}
