import { LIMIT_MESSAGES } from '@clerkly/contracts';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { paths } from '../../../config/paths';
import { ShimmerSkeleton } from '../../../components/shimmer-skeleton';
import { Link } from 'react-router';
import { useUsage } from '../api/get-usage';
import { trialSessionsExhausted } from '../lib/trial-limits';
import { CreateSessionForm } from './create-session-form';
import { RecoverRecording } from './recover-recording';

/** Why no session can be created: the spec's words, with the way out. */
function SessionLimit({ message }: { message: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title="No new sessions"
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button component={Link} to={paths.subscription} size="xs">
          See plans
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Stage 1: a recording left behind by a reload or crash is offered back first; then the form,
 * unless the account may not create sessions (spec point 8: trial exhausted or not paying, in
 * which case the form is hidden). The server enforces the same rules.
 */
function CreateSessionStageContent({ owner }: { owner: string }) {
  const usage = useUsage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const limit =
    refusal ?? (trialSessionsExhausted(usage.data) ? LIMIT_MESSAGES.trialSessionsExhausted : null);

  return (
    <Stack gap="lg" maw={640}>
      <RecoverRecording owner={owner} />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h3" mb="md">
          New patient session
        </Title>
        {usage.isPending ? (
          <ShimmerSkeleton height={260} />
        ) : limit ? (
          <SessionLimit message={limit} />
        ) : (
          <CreateSessionForm onLimitReached={setRefusal} />
        )}
      </Paper>
    </Stack>
  );
}

/*
 * Memoised (issue 25): Create Notes' flow renders once more right after it mounts, when the
 * router's leave blocker registers itself in an effect; without the memo the whole form (text
 * input, select, radio group) rendered again with it, in one task after the first paint.
 */
export const CreateSessionStage = memo(CreateSessionStageContent);
