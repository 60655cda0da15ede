import {
  PIPELINE_POLL_MS,
  confidenceTokens,
  transcribedByText,
  transcriptionLagText,
} from '@clerkly/contracts';
import { Badge, Box, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { getSessionTranscript, sessionTranscriptQueryKey } from '../api/get-session-transcript';
import { useSegmentPipeline } from '../state/segment-pipeline';
import { useSessionState } from '../state/session-store';
import { WARNING_TEXT } from '../../../config/colors';
import { withUncertainWords } from './uncertain-words';

const secondsText = (seconds: number) => {
  const whole = Math.max(1, Math.round(seconds));
  return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
};

/**
 * Issue 9 "Live transcript": the text recognised so far, polled while recording and until every
 * segment is transcribed. A draft, collapsible, and off the critical path: recording and
 * Generate Notes never wait for it, and a failed poll only leaves the text as it was.
 */
export function LiveTranscript({ recording }: { recording: boolean }) {
  const state = useSessionState();
  const pipeline = useSegmentPipeline();
  const [opened, setOpened] = useState(true);
  const bodyId = useId();
  const textRef = useRef<HTMLDivElement>(null);
  const sessionId = state.session?.id ?? 0;
  const unsent = pipeline.uploads.pending;
  const sent = state.segmentCount - unsent;

  const transcript = useQuery({
    queryKey: sessionTranscriptQueryKey(sessionId),
    queryFn: ({ signal }) => getSessionTranscript(sessionId, { signal }),
    enabled: sessionId > 0 && (recording || state.segmentCount > 0),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      const settled =
        data !== undefined &&
        data.pendingSeconds === 0 &&
        data.segments.length >= sent &&
        unsent === 0;
      return recording || !settled ? PIPELINE_POLL_MS : false;
    },
  });

  const data = transcript.data;
  const text = data?.text.trim() ?? '';
  // Each segment's text with the words its recogniser was unsure of marked (issue 24).
  const shown = (data?.segments ?? [])
    .map((segment) => ({
      seq: segment.seq,
      text: segment.text?.trim() ?? '',
      words: segment.words,
    }))
    .filter((segment) => segment.text !== '');
  const failed = data?.segments.filter((segment) => segment.status === 'failed') ?? [];
  const transcribedBy = transcribedByText(data?.segments.map((segment) => segment.engine) ?? []);

  // The newest words stay in view as the text grows.
  useEffect(() => {
    const element = textRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text]);

  // Issue 25: on a busy server the clinician is told how far behind the text is: in place of
  // the text while there is none, else in the status line.
  const lag = transcriptionLagText(
    (data?.pendingSeconds ?? 0) + (unsent > 0 ? pipeline.uploads.pendingSeconds : 0),
  );
  let status: string;
  if (lag && text) status = lag;
  else if (data && data.pendingSeconds > 0)
    status = `Transcribing ${secondsText(data.pendingSeconds)} of audio…`;
  else if (unsent > 0)
    status = `${secondsText(pipeline.uploads.pendingSeconds)} of audio waiting to be sent…`;
  else if (recording) status = 'Listening. Text appears a few seconds after each pause.';
  else status = 'Draft: the notes are written from the final transcript.';

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label="Live transcript">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={4} size="h5">
              Live transcript
            </Title>
            <Badge variant="light" color="gray" size="sm">
              Draft
            </Badge>
          </Group>
          <Button
            variant="subtle"
            size="compact-xs"
            aria-expanded={opened}
            aria-controls={bodyId}
            rightSection={
              opened ? (
                <IconChevronUp size={14} aria-hidden />
              ) : (
                <IconChevronDown size={14} aria-hidden />
              )
            }
            onClick={() => setOpened((current) => !current)}
          >
            {opened ? 'Hide' : 'Show'}
          </Button>
        </Group>
        <Collapse expanded={opened} id={bodyId}>
          <Stack gap={6}>
            {/* A fixed height, and the engine's line kept from the start: text arriving after
                Stop never moves the template list below while the clinician picks a template
                (a click that landed as the list moved left a box unticked). */}
            <Box ref={textRef} h={160} style={{ overflowY: 'auto', whiteSpace: 'pre-wrap' }}>
              <Text
                component="div"
                size="sm"
                c={text ? undefined : 'dimmed'}
                fs={text ? undefined : 'italic'}
              >
                {text
                  ? shown.map((segment, index) => (
                      <Fragment key={segment.seq}>
                        {index > 0 && '\n'}
                        {withUncertainWords(
                          segment.text,
                          0,
                          confidenceTokens(segment.text, segment.words),
                        )}
                      </Fragment>
                    ))
                  : lag || 'Nothing recognised yet.'}
              </Text>
            </Box>
            {failed.length > 0 && (
              <Text size="xs" c={WARNING_TEXT}>
                {failed[0]?.error ?? 'Part of the audio could not be transcribed.'}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {status}
            </Text>
            <Text size="xs" c="dimmed" data-testid="transcript-engine">
              {transcribedBy ?? '\u00a0'}
            </Text>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
