import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { usageQueryOptions } from '../lib/billing/usage';

/**
 * What a signed-in page's first screen cannot show without (issue 25): Create Notes shows its
 * form only once usage says the account may create a session (spec point 8). Started as soon as
 * the session probe answers, these reads travel beside `GET /api/users` rather than after the
 * layout and the page have rendered, one leg less before the form appears on a slow phone.
 * The pages read the same queries, so nothing is fetched twice.
 */
const FIRST_SCREEN_READS: Partial<Record<string, ((client: QueryClient) => Promise<void>)[]>> = {
  [paths.home]: [(client) => client.prefetchQuery(usageQueryOptions())],
  [paths.createNotes]: [(client) => client.prefetchQuery(usageQueryOptions())],
};

export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  for (const read of FIRST_SCREEN_READS[pathname] ?? []) void read(client);
}
