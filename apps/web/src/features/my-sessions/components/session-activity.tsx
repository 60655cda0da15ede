import { AUDIT_EVENT_LABELS, type SessionActivityEvent } from '@clerkly/contracts';
import { Alert, Button, Group, Loader, Text, Timeline } from '@mantine/core';
import { useSessionActivity } from '../../../lib/session-activity';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Ada Lovelace copied a note (SOAP Note)": who and what, in words. */
function describe(event: SessionActivityEvent): string {
  const who = event.actorName ?? 'Someone';
  const what = AUDIT_EVENT_LABELS[event.kind];
  const templates = event.templateNames.length > 0 ? ` (${event.templateNames.join(', ')})` : '';
  const version =
    (event.kind === 'session.saved' || event.kind.startsWith('version.')) && event.version
      ? `, version ${event.version}`
      : '';
  return `${who} ${what}${templates}${version}`;
}

/**
 * A saved session's Activity (issue 23, finding 4): who opened, generated, edited, saved and
 * copied it, when and from which address, oldest first. Read-only: the trail cannot be changed.
 */
export function SessionActivity({ sessionId, active }: { sessionId: number; active: boolean }) {
  const activity = useSessionActivity(sessionId, active);

  if (activity.isPending) {
    return (
      <Group justify="center" p="lg" role="status" aria-label="Loading the activity">
        <Loader size="sm" />
      </Group>
    );
  }
  if (activity.isError) {
    return (
      <Alert color="yellow" variant="light" title="The activity could not be loaded">
        <Group gap="sm">
          <Text size="sm">Check your connection and try again.</Text>
          <Button size="xs" variant="light" onClick={() => void activity.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  const { events } = activity.data;
  if (events.length === 0) {
    return <Text c="dimmed">No activity recorded for this session.</Text>;
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} active={events.length - 1}>
      {events.map((event) => (
        <Timeline.Item key={event.id} title={describe(event)}>
          <Text size="sm" c="dimmed">
            <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>
            {event.address ? ` · from ${event.address}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
