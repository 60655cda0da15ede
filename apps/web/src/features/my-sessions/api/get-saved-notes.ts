import { API_PATHS, savedNoteSchema, type SavedNote } from '@clerkly/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** ISO date-times with offset, both ends included (spec points 5 and 7). */
export type SavedNotesRange = { from: string; to: string };

/** `GET /api/notes/user/{cognitoId}?from=&to=` (spec point 7): the caller's saved notes. */
export async function getSavedNotes({
  cognitoId,
  range,
  signal,
}: {
  cognitoId: string;
  range: SavedNotesRange | null;
  signal?: AbortSignal;
}): Promise<SavedNote[]> {
  const search = range ? `?${new URLSearchParams(range).toString()}` : '';
  const body = await apiClient.get(`${API_PATHS.savedNotes(cognitoId)}${search}`, { signal });
  return savedNoteSchema.array().parse(body);
}

export const savedNotesQueryOptions = (cognitoId: string, range: SavedNotesRange | null) =>
  queryOptions({
    queryKey: ['saved-notes', cognitoId, range] as const,
    queryFn: ({ signal }) => getSavedNotes({ cognitoId, range, signal }),
    enabled: cognitoId !== '',
  });

export const useSavedNotes = (cognitoId: string, range: SavedNotesRange | null) =>
  useQuery({
    ...savedNotesQueryOptions(cognitoId, range),
    // Applying a filter keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
