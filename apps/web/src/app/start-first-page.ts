import { paths } from '../config/paths';
import { loadAppLayout, loadCreateNotesPage } from './route-modules';

/** Pages that open on Create Notes (`/` redirects there), with the route modules they render. */
const FIRST_PAGE_MODULES: ReadonlyMap<string, readonly (() => Promise<unknown>)[]> = new Map([
  [paths.home, [loadAppLayout, loadCreateNotesPage]],
  [paths.createNotes, [loadAppLayout, loadCreateNotesPage]],
]);

/**
 * Issue 25: the route modules of the page the app opens on, asked for before the rest of the
 * entry chunk runs (`main.tsx` imports this module first). The router would ask for them only
 * once React, Mantine and the router have been evaluated and the first render has begun; on a
 * slow phone that is a second or more during which the layout's and the page's files could
 * already be on their way. The router's own `lazy` then finds them loaded or in flight (the same
 * `import()`), so nothing is fetched twice. A signed-out visitor sent on to /login has fetched
 * them for nothing: a few kilobytes.
 */
function startFirstPage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const load of FIRST_PAGE_MODULES.get(path) ?? []) {
    // A failure shows when the router asks for the module itself (its error view).
    load().catch(() => undefined);
  }
}

startFirstPage(window.location.pathname);
