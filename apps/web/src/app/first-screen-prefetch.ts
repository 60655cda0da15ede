import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { usageQueryOptions } from '../lib/billing/usage';
import { loadCreateNotesPage } from './route-modules';

/** Pages whose first screen waits for usage and lists appointment types: Create Notes (and `/`). */
const WAITS_FOR_USAGE: ReadonlySet<string> = new Set([paths.home, paths.createNotes]);

/**
 * What a signed-in page's first screen cannot show without (issue 25): Create Notes shows its
 * form only once usage says the account may create a session (spec point 8). Started as soon as
 * the session probe answers, the read travels beside `GET /api/users` rather than after the
 * layout and the page have rendered, one leg less before the form appears on a slow phone.
 * The page reads the same queries, so nothing is fetched twice.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  if (!WAITS_FOR_USAGE.has(pathname)) return;
  void client.prefetchQuery(usageQueryOptions());
  // The form's own reads are defined with the page, whose module is already on its way
  // (start-first-page.ts); a failure to load it shows when the router asks for it.
  loadCreateNotesPage().then(
    (page) => void page.prefetchFirstScreenReads(client),
    () => undefined,
  );
}
