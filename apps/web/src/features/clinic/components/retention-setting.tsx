import {
  CLINIC_RETENTION_LABELS,
  CLINIC_RETENTION_PERIODS,
  type ClinicRetention,
  type ClinicRetentionStatus,
} from '@clerkly/contracts';
import { Group, Paper, Select, Text, Title } from '@mantine/core';

const retentionOptions = CLINIC_RETENTION_PERIODS.map((period) => ({
  value: period,
  label: CLINIC_RETENTION_LABELS[period],
}));

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What the next daily run deletes, in a sentence. */
function nextRunSummary(status: ClinicRetentionStatus): string {
  if (status.retention === 'forever') return 'Saved sessions are kept forever; none are deleted.';
  if (status.dueCount === 0) return 'No saved session is due for deletion at the next daily run.';
  const sessions = status.dueCount === 1 ? '1 saved session' : `${status.dueCount} saved sessions`;
  const oldest = status.oldestDueAt
    ? `; the oldest is from ${day.format(new Date(status.oldestDueAt))}`
    : '';
  return `${sessions} will be deleted at the next daily run (03:00 UTC)${oldest}.`;
}

/**
 * Issue 29 item 5: how long the members' saved sessions (transcripts and notes) are kept, and
 * what the next daily run deletes. Owners change it; admins only see it.
 */
export function RetentionSetting({
  status,
  canChange,
  pending,
  onChange,
}: {
  status: ClinicRetentionStatus;
  canChange: boolean;
  pending: boolean;
  onChange: (retention: ClinicRetention) => void;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="clinic-retention">
      <Title order={2} size="h3" id="clinic-retention" mb="xs">
        Retention
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How long the members&apos; saved sessions (transcripts and notes) are kept, counted from the
        day of the consultation. Expired sessions are deleted once a day; the audit trail stays.
      </Text>
      <Group align="end" mb="sm">
        {canChange ? (
          <Select
            label="Keep saved sessions for"
            data={retentionOptions}
            value={status.retention}
            allowDeselect={false}
            disabled={pending}
            onChange={(value) => value && onChange(value)}
          />
        ) : (
          <Text>Saved sessions are kept for: {CLINIC_RETENTION_LABELS[status.retention]}</Text>
        )}
      </Group>
      <Text role="status">{nextRunSummary(status)}</Text>
    </Paper>
  );
}
