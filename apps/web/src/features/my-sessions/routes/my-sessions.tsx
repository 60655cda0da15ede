import type { SavedSessionsPage } from '@clerkly/contracts';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconNotes } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ShimmerSkeleton } from '../../../components/shimmer-skeleton';
import { useAuth } from '../../../lib/auth/use-auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSavedSessions, type SavedNotesRange } from '../api/get-saved-sessions';
import { NoteModal } from '../components/note-modal';
import { SessionsFilters } from '../components/sessions-filters';
import { SessionsTable } from '../components/sessions-table';
import { toSavedNotesRange } from '../utils/date-range';
import {
  filterByPatientName,
  latestSessionPerPatient,
  notesOfSessions,
  type SessionNoteRef,
} from '../utils/session-groups';

function SessionsSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading sessions">
      <VisuallyHidden>Loading sessions…</VisuallyHidden>
      <ShimmerSkeleton height={36} />
      {Array.from({ length: 6 }, (_, index) => (
        <ShimmerSkeleton key={index} height={28} />
      ))}
    </Stack>
  );
}

/**
 * /my-sessions (spec point 2): past consultations with their saved notes. The server sends them
 * a page at a time, newest first (issue 13); "Load more sessions" asks for the next page, and
 * keeps asking until at least one more patient row appears (later pages can hold only older days
 * of patients already shown). A name search reads every page: names are sealed in the database,
 * so only the browser can match them.
 */
export function MySessionsPage() {
  usePageTitle('My Sessions');
  const { user } = useAuth();

  const [search, setSearch] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [range, setRange] = useState<SavedNotesRange | null>(null);
  const [note, setNote] = useState<SessionNoteRef | null>(null);
  const [noteOpened, setNoteOpened] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Issue 26: after "Load more sessions" focus goes to the first new row (the button may vanish
  // when the last page came, and the browser would drop focus to the page body).
  const [firstNewRow, setFirstNewRow] = useState<number | null>(null);
  const loading = useRef(false);

  // The route guard only renders this page for a signed-in user.
  const sessionsQuery = useSavedSessions(user?.cognitoId ?? '', range);
  const { data, error, isPending, isFetching, hasNextPage, fetchNextPage, refetch } = sessionsQuery;

  useEffect(() => {
    // Spec point 8: a failed notes fetch is logged and an empty list shown.
    if (error) console.warn('Saved notes could not be loaded.', error);
  }, [error]);

  const sessions = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const groups = useMemo(() => latestSessionPerPatient(notesOfSessions(sessions)), [sessions]);
  const visible = useMemo(() => filterByPatientName(groups, search), [groups, search]);
  const searching = search.trim() !== '';
  const filtering = searching || range !== null;

  /**
   * Fetches pages until `enough` says so or none is left. One run at a time; the result of each
   * fetch says whether more follow, so the loop never depends on a render in between.
   */
  const loadPagesUntil = async (enough: (pages: SavedSessionsPage[]) => boolean) => {
    if (loading.current) return;
    loading.current = true;
    setLoadingMore(true);
    try {
      let result = await fetchNextPage();
      while (!result.isError && result.hasNextPage && !enough(result.data?.pages ?? [])) {
        result = await fetchNextPage();
      }
    } finally {
      loading.current = false;
      setLoadingMore(false);
    }
  };

  /** At least one more patient row, or the end of the list. */
  const loadMore = () => {
    const shown = visible.length;
    setFirstNewRow(null);
    void loadPagesUntil(
      (pages) =>
        filterByPatientName(
          latestSessionPerPatient(notesOfSessions(pages.flatMap((page) => page.items))),
          search,
        ).length > shown,
    ).then(() => setFirstNewRow(shown));
  };

  // A name search needs every page: names are sealed in the database, only the browser reads them.
  useEffect(() => {
    if (searching && hasNextPage && !isFetching && !error) void loadPagesUntil(() => false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadPagesUntil guards itself
  }, [searching, hasNextPage, isFetching, error]);

  const openNote = (selected: SessionNoteRef) => {
    setNote(selected);
    setNoteOpened(true);
  };

  const applyFilter = () => setRange(toSavedNotesRange(fromDate, toDate));

  const clearFilters = () => {
    setSearch('');
    setFromDate('');
    setToDate('');
    setRange(null);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>My Sessions</Title>

      <SessionsFilters
        search={search}
        fromDate={fromDate}
        toDate={toDate}
        onSearchChange={setSearch}
        onFromDateChange={setFromDate}
        onToDateChange={setToDate}
        onApply={applyFilter}
        onClear={clearFilters}
      />

      {error && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Your sessions could not be loaded"
        >
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" onClick={() => void refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      {(isPending || (visible.length === 0 && loadingMore)) && !error ? (
        <SessionsSkeleton />
      ) : visible.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconNotes size={32} aria-hidden />}
            withIndicatorBackground
            title="No sessions found"
            description={
              filtering
                ? 'No patients match your search criteria.'
                : 'No patient sessions available.'
            }
          />
        </Paper>
      ) : (
        <Stack gap="md" pos="relative">
          <LoadingOverlay
            visible={isFetching && !loadingMore}
            overlayProps={{ blur: 1 }}
            zIndex={5}
          />
          <Paper withBorder>
            <SessionsTable groups={visible} onOpenNote={openNote} focusRow={firstNewRow} />
          </Paper>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {visible.length === 1 ? '1 patient' : `${visible.length} patients`}
              {hasNextPage && !searching ? ', more to load' : ''}
              {loadingMore ? ' · Loading…' : ''}
            </Text>
            {hasNextPage && !searching && (
              // Not `loading`: that disables the button, and a disabled button drops its focus
              // to the page body while the next page comes (issue 26); loadMore guards itself.
              <Button
                variant="default"
                onClick={loadMore}
                aria-busy={loadingMore}
                rightSection={loadingMore ? <Loader size="xs" aria-hidden /> : null}
              >
                Load more sessions
              </Button>
            )}
          </Group>
        </Stack>
      )}

      <NoteModal note={note} opened={noteOpened} onClose={() => setNoteOpened(false)} />
    </Stack>
  );
}
