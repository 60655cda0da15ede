import { SAVE_CONFLICT, type SessionVersionSummary } from '@clerkly/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { NoteContent } from '../../../components/note-content';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSessionVersion } from '../api/get-session-version';
import { useSessionVersions } from '../api/get-session-versions';
import { useRestoreSessionVersion } from '../api/restore-session-version';
import { TabLoadFailed, TabLoading } from './query-states';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type SessionVersionsProps = {
  sessionId: number;
  /** The note the modal shows: each version shows its text of this template. */
  templateId: number;
  active: boolean;
};

/**
 * "Earlier versions" of a saved session (issue 23, finding 6): every save is kept. The clinician
 * reads an earlier version's note and transcript, and can restore it as a new version; the
 * version it replaces stays in this list, so a restore loses nothing.
 */
export function SessionVersions({ sessionId, templateId, active }: SessionVersionsProps) {
  const versions = useSessionVersions(sessionId, active);
  const [selected, setSelected] = useState<number | null>(null);

  if (versions.isPending) {
    return <TabLoading label="Loading the versions" />;
  }
  if (versions.isError) {
    return (
      <TabLoadFailed
        title="The versions could not be loaded"
        onRetry={() => void versions.refetch()}
      />
    );
  }
  const { currentVersion } = versions.data;
  const list = versions.data.versions;
  if (list.length < 2) {
    return (
      <Text c="dimmed">
        No earlier versions: each time this session is saved, the version before is kept here.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every save is kept. Open a version to read it; restoring one saves it again as the newest
        version.
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((version) => (
          <li key={version.version}>
            <VersionRow
              version={version}
              current={version.version === currentVersion}
              open={selected === version.version}
              onToggle={() =>
                setSelected((shown) => (shown === version.version ? null : version.version))
              }
            />
            {selected === version.version && (
              <VersionDetail
                sessionId={sessionId}
                templateId={templateId}
                version={version.version}
                currentVersion={currentVersion}
                onRestored={() => setSelected(null)}
              />
            )}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function VersionRow({
  version,
  current,
  open,
  onToggle,
}: {
  version: SessionVersionSummary;
  current: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>Version {version.version}</Text>
            {current && (
              <Badge size="sm" variant="light">
                Current
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={version.savedAt}>{dateTime.format(new Date(version.savedAt))}</time>
            {version.restoredFrom !== null
              ? ` · restored from version ${version.restoredFrom}`
              : ''}
          </Text>
          <Text size="sm">{version.templateNames.join(', ')}</Text>
        </Stack>
        <Button
          size="xs"
          variant={open ? 'filled' : 'light'}
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} version ${version.version}`}
          onClick={onToggle}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
    </Paper>
  );
}

function VersionDetail({
  sessionId,
  templateId,
  version,
  currentVersion,
  onRestored,
}: {
  sessionId: number;
  templateId: number;
  version: number;
  currentVersion: number;
  onRestored: () => void;
}) {
  const detail = useSessionVersion(sessionId, version);
  const restore = useRestoreSessionVersion(sessionId);
  const [confirming, setConfirming] = useState(false);

  if (detail.isPending) {
    return (
      <Group justify="center" p="md" role="status" aria-label={`Loading version ${version}`}>
        <Loader size="sm" />
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="yellow" variant="light" mt="xs" title="This version could not be loaded">
        <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const note = detail.data.notes.find((saved) => saved.templateId === templateId);
  const restoreIt = () =>
    restore.mutate(
      { version, baseVersion: currentVersion },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: `Version ${version} restored as version ${saved.version}.`,
          });
          onRestored();
        },
        onError: (error) => {
          setConfirming(false);
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiRequestError && error.code === SAVE_CONFLICT.code
                ? SAVE_CONFLICT.message
                : errorMessage(error, 'The version could not be restored. Please try again.'),
          });
        },
      },
    );

  return (
    <Paper p="sm" mt="xs" bg="var(--mantine-color-gray-0)" radius="sm">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Version {version}: {note ? note.templateName : 'this note'}
        </Title>
        {note ? (
          <NoteContent content={note.content} />
        ) : (
          <Text c="dimmed" fs="italic">
            This version has no note of this template.
          </Text>
        )}
        {detail.data.transcript.trim() !== '' && (
          <div>
            <Text size="sm" fw={600}>
              Transcript
            </Text>
            <Spoiler maxHeight={72} showLabel="Show all" hideLabel="Show less">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {detail.data.transcript}
              </Text>
            </Spoiler>
          </div>
        )}
        {version !== currentVersion &&
          (confirming ? (
            <Alert color="blue" variant="light" title={`Restore version ${version}?`}>
              <Text size="sm" mb="sm">
                Its notes and transcript become the newest version. The current version stays in
                this list.
              </Text>
              <Group gap="sm">
                <Button size="xs" loading={restore.isPending} onClick={restoreIt}>
                  Restore version {version}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRestore size={14} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Restore this version
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
