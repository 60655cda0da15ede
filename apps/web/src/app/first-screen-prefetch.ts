import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { usageQueryOptions } from '../lib/billing/usage';

/** Pages whose first screen waits for usage: Create Notes (and `/`, which opens it). */
const WAITS_FOR_USAGE: ReadonlySet<string> = new Set([paths.home, paths.createNotes]);

/**
 * What a signed-in page's first screen cannot show without (issue 25): Create Notes shows its
 * form only once usage says the account may create a session (spec point 8). Started as soon as
 * the session probe answers, the read travels beside `GET /api/users` rather than after the
 * layout and the page have rendered, one leg less before the form appears on a slow phone.
 * The page reads the same query, so nothing is fetched twice.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  if (WAITS_FOR_USAGE.has(pathname)) void client.prefetchQuery(usageQueryOptions());
}
