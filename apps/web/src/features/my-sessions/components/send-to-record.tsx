import { SEND_TO_RECORD_FAILED, type RecordSend } from '@clerkly/contracts';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/error-message';
import { useRecordEndpoint } from '../api/get-record-endpoint';
import { useRecordSends } from '../api/get-record-sends';
import { useSendToRecord } from '../api/send-to-record';

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "at 14:02" today, "on 25 Nov 2026, 14:02" another day: in the clinician's own time zone. */
function when(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString()
    ? `at ${time.format(at)}`
    : `on ${dateAndTime.format(at)}`;
}

const showSendFailure = (error: unknown) =>
  notifications.show({ color: 'red', message: errorMessage(error, SEND_TO_RECORD_FAILED) });

type SendToRecordProps = { sessionId: number; templateId: number; disabled: boolean };

/** Whether "Send to record" is offered: only when the clinic has a record system (issue 28). */
function useRecordConfigured() {
  return useRecordEndpoint().data?.kind != null;
}

/** The "Send to record" button, beside Export; absent without a record system. */
export function SendToRecordButton({ sessionId, templateId, disabled }: SendToRecordProps) {
  const configured = useRecordConfigured();
  const sends = useRecordSends(sessionId, configured);
  const send = useSendToRecord(sessionId, templateId);
  if (!configured) return null;
  const current = sends.data?.sends.find((one) => one.templateId === templateId);
  return (
    <Button
      variant="light"
      leftSection={<IconSend size={16} aria-hidden />}
      loading={send.isPending}
      disabled={disabled || current?.status === 'queued'}
      onClick={() => send.mutate(undefined, { onError: showSendFailure })}
    >
      Send to record
    </Button>
  );
}

function SendState({
  state,
  onRetry,
  retrying,
}: {
  state: RecordSend;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (state.status === 'sent' && state.sentAt) {
    return (
      <Text size="sm" c="teal.9" role="status">
        Sent to record {when(state.sentAt)}
      </Text>
    );
  }
  if (state.status === 'queued') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">
          Sending to the record…
          {state.lastError ? ` Attempt ${state.attempts} failed: ${state.lastError}` : ''}
        </Text>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" title="Not sent to the record" role="alert">
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{state.lastError}</Text>
        <Button size="xs" variant="light" color="red" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/** Where this note's hand-off to the record stands: sent (when), sending, or failed with Retry. */
export function RecordSendState({ sessionId, templateId }: Omit<SendToRecordProps, 'disabled'>) {
  const configured = useRecordConfigured();
  const sends = useRecordSends(sessionId, configured);
  const send = useSendToRecord(sessionId, templateId);
  const current = sends.data?.sends.find((one) => one.templateId === templateId);
  if (!configured || !current) return null;
  return (
    <Group justify="flex-end" mt="md">
      <SendState
        state={current}
        retrying={send.isPending}
        onRetry={() => send.mutate(undefined, { onError: showSendFailure })}
      />
    </Group>
  );
}
