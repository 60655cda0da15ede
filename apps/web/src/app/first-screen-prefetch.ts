import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { appointmentTypesQueryOptions } from '../features/create-notes/api/get-appointment-types';
import { usageQueryOptions } from '../lib/billing/usage';

/** Pages whose first screen waits for usage and lists appointment types: Create Notes (and `/`). */
const WAITS_FOR_USAGE: ReadonlySet<string> = new Set([paths.home, paths.createNotes]);

/**
 * What a signed-in page's first screen cannot show without (issue 25): Create Notes shows its
 * form only once usage says the account may create a session (spec point 8), and the form lists
 * the appointment types. Started as soon as the session probe answers, both reads travel beside
 * `GET /api/users` rather than after the layout and the page have loaded and rendered: legs
 * less before the form appears on a slow phone, and the form renders once, with its list. The
 * page reads the same queries, so nothing is fetched twice. (Their query definitions are in the
 * entry chunk for this: a few hundred bytes.)
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  if (!WAITS_FOR_USAGE.has(pathname)) return;
  void client.prefetchQuery(usageQueryOptions());
  void client.prefetchQuery(appointmentTypesQueryOptions());
}
