import { API_PATHS, savedSessionsPageSchema, type SavedSessionsPage } from '@clerkly/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** ISO date-times with offset, both ends included (spec points 5 and 7). */
export type SavedNotesRange = { from: string; to: string };

/**
 * `GET /api/notes/user/{cognitoId}/page` (issue 13, docs/decisions/009): one page of the caller's
 * saved sessions, newest first, with what the list shows (no note text).
 */
async function getSavedSessionsPage({
  cognitoId,
  range,
  cursor,
  signal,
}: {
  cognitoId: string;
  range: SavedNotesRange | null;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<SavedSessionsPage> {
  const params = new URLSearchParams({ ...range, ...(cursor ? { cursor } : {}) });
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const body = await apiClient.get(`${API_PATHS.savedNotesPage(cognitoId)}${search}`, { signal });
  return savedSessionsPageSchema.parse(body);
}

/** My Sessions' list: pages follow each other by the server's `nextCursor`. */
export const useSavedSessions = (cognitoId: string, range: SavedNotesRange | null) =>
  useInfiniteQuery({
    queryKey: ['saved-sessions', cognitoId, range] as const,
    queryFn: ({ pageParam, signal }) =>
      getSavedSessionsPage({ cognitoId, range, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: cognitoId !== '',
    // Applying a filter keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
