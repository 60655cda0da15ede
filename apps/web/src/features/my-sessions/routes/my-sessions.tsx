import type { SavedNote } from '@clerkly/contracts';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconNotes } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ShimmerSkeleton } from '../../../components/shimmer-skeleton';
import { useAuth } from '../../../lib/auth/use-auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSavedNotes, type SavedNotesRange } from '../api/get-saved-notes';
import { NoteModal } from '../components/note-modal';
import { SessionsFilters } from '../components/sessions-filters';
import { SessionsTable } from '../components/sessions-table';
import { toSavedNotesRange } from '../utils/date-range';
import { filterByPatientName, latestSessionPerPatient } from '../utils/session-groups';

/** Rows per page: the table stays quick with thousands of sessions. */
export const SESSIONS_PER_PAGE = 25;

const CONTROL_LABELS = {
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
} as const;

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

/** /my-sessions (spec point 2): past consultations with their saved notes. */
export function MySessionsPage() {
  usePageTitle('My Sessions');
  const { user } = useAuth();

  const [search, setSearch] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [range, setRange] = useState<SavedNotesRange | null>(null);
  const [page, setPage] = useState(1);
  const [note, setNote] = useState<SavedNote | null>(null);
  const [noteOpened, setNoteOpened] = useState(false);

  // The route guard only renders this page for a signed-in user.
  const notesQuery = useSavedNotes(user?.cognitoId ?? '', range);
  const { data: notes, error, isPending, isFetching, refetch } = notesQuery;

  useEffect(() => {
    // Spec point 8: a failed notes fetch is logged and an empty list shown.
    if (error) console.warn('Saved notes could not be loaded.', error);
  }, [error]);

  const groups = useMemo(() => latestSessionPerPatient(notes ?? []), [notes]);
  const visible = useMemo(() => filterByPatientName(groups, search), [groups, search]);
  const pageCount = Math.max(1, Math.ceil(visible.length / SESSIONS_PER_PAGE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = visible.slice(
    (currentPage - 1) * SESSIONS_PER_PAGE,
    currentPage * SESSIONS_PER_PAGE,
  );
  const filtering = search.trim() !== '' || range !== null;

  const openNote = (selected: SavedNote) => {
    setNote(selected);
    setNoteOpened(true);
  };

  const applyFilter = () => {
    setRange(toSavedNotesRange(fromDate, toDate));
    setPage(1);
  };

  const clearFilters = () => {
    setSearch('');
    setFromDate('');
    setToDate('');
    setRange(null);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>My Sessions</Title>

      <SessionsFilters
        search={search}
        fromDate={fromDate}
        toDate={toDate}
        onSearchChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
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

      {isPending && !error ? (
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
          <LoadingOverlay visible={isFetching} overlayProps={{ blur: 1 }} zIndex={5} />
          <Paper withBorder>
            <SessionsTable groups={pageRows} onOpenNote={openNote} />
          </Paper>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {visible.length === 1 ? '1 patient' : `${visible.length} patients`}
            </Text>
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={currentPage}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${CONTROL_LABELS[control]} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </Stack>
      )}

      <NoteModal note={note} opened={noteOpened} onClose={() => setNoteOpened(false)} />
    </Stack>
  );
}
