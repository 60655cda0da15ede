import { AUDIT_EVENT_LABELS, type SessionActivityEvent } from '@clerkly/contracts';
import { Text, Timeline } from '@mantine/core';
import { useSessionActivity } from '../../../lib/session-activity';
import { TabLoadFailed, TabLoading } from './query-states';

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
    return <TabLoading label="Loading the activity" />;
  }
  if (activity.isError) {
    return (
      <TabLoadFailed
        title="The activity could not be loaded"
        onRetry={() => void activity.refetch()}
      />
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
