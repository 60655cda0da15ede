import {
  API_PATHS,
  AUDIT_EVENT_KINDS,
  AUDIT_EVENT_LABELS,
  canManageClinic,
  clinicAuditPersonLabel,
  type ClinicAuditQuery,
} from '@clerkly/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PageSkeleton } from '../../../components/page-skeleton';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { auditSearch, useClinicAudit } from '../api/clinic';
import { useMyClinic } from '../../../lib/clinic/my-clinic';

const actionOptions = AUDIT_EVENT_KINDS.map((kind) => ({
  value: kind,
  label: AUDIT_EVENT_LABELS[kind],
}));

/** A date field's day as the start or end of that day in the clinician's time zone. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/**
 * /clinic/audit (issue 29): for its owners and admins, the events of everyone while they were a
 * member of the clinic, former members included (docs/decisions/028), with whom or what each
 * clinic action was about; filtered by member, patient session, action and date, a page at a
 * time, and as a CSV download.
 */
export function ClinicAuditPage() {
  usePageTitle('Clinic audit');
  const clinic = useMyClinic();
  const [member, setMember] = useState<string | null>(null);
  const [session, setSession] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const sessionId = /^\d+$/.test(session.trim()) ? Number(session.trim()) : undefined;
  const query: ClinicAuditQuery = {
    userId: member ?? undefined,
    sessionId,
    kind: (kind ?? undefined) as ClinicAuditQuery['kind'],
    from: dayBound(from, false),
    to: dayBound(to, true),
    page,
  };
  const manager = canManageClinic(clinic.data?.role);
  const audit = useClinicAudit(query, manager);
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  if (clinic.isPending) return <PageSkeleton label="Loading the audit…" />;
  if (!manager) {
    return (
      <Alert color="yellow" title="Audit">
        Only a clinic&apos;s owners and admins see its audit.{' '}
        <Anchor component={Link} to={paths.clinic}>
          Back to the clinic
        </Anchor>
      </Alert>
    );
  }
  const { page: _page, ...filters } = query;
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Audit</Title>
        <Anchor component={Link} to={paths.clinic}>
          {clinic.data?.name}
        </Anchor>
      </Group>
      <Group align="end" wrap="wrap">
        <Select
          label="Member"
          clearable
          searchable
          data={(audit.data?.people ?? []).map((person) => ({
            value: person.userId,
            label: clinicAuditPersonLabel(person),
          }))}
          value={member}
          onChange={filtered(setMember)}
        />
        <TextInput
          label="Patient session"
          inputMode="numeric"
          value={session}
          onChange={(event) => filtered(setSession)(event.currentTarget.value)}
          error={session.trim() && sessionId === undefined ? 'A session number' : undefined}
        />
        <Select
          label="Action"
          clearable
          searchable
          data={actionOptions}
          value={kind}
          onChange={filtered(setKind)}
        />
        <DateField label="From" value={from} onDateChange={filtered(setFrom)} />
        <DateField label="To" value={to} onDateChange={filtered(setTo)} />
        <Button
          component="a"
          variant="light"
          href={`${API_PATHS.clinicAuditCsv}${auditSearch(filters)}`}
          download
        >
          Download CSV
        </Button>
      </Group>
      {audit.isError ? (
        <Alert color="red" title="The audit could not be loaded">
          <Button variant="light" color="red" mt="xs" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <Text size="sm" role="status">
            {audit.data ? `${audit.data.total} events` : 'Loading events…'}
          </Text>
          {/* On a phone the table scrolls sideways inside its own region, not the page. */}
          <Table.ScrollContainer
            minWidth={760}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Audit events, scrolls sideways"
          >
            <Table striped aria-label="Audit events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Session</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(audit.data?.events ?? []).map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>{new Date(event.at).toLocaleString()}</Table.Td>
                    <Table.Td>{event.actorName ?? '—'}</Table.Td>
                    <Table.Td>{event.label}</Table.Td>
                    <Table.Td>{event.target ?? ''}</Table.Td>
                    <Table.Td>{event.sessionId ?? ''}</Table.Td>
                    <Table.Td>{event.address ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
