import {
  RECOGNITION_MESSAGES,
  confidenceTokens,
  isUncertain,
  type EvidenceSpan,
  type WordConfidence,
} from '@clerkly/contracts';
import { Button, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { withUncertainWords } from './uncertain-words';

type TranscriptPanelProps = {
  transcript: string;
  /** The spans of the sentence in focus, highlighted. */
  spans: readonly EvidenceSpan[];
  /** The recogniser's confidences (issue 24): uncertain words are marked. */
  words?: readonly WordConfidence[];
};

/** The transcript beside the note, with the evidence of the sentence in focus highlighted. */
export function TranscriptPanel({ transcript, spans, words }: TranscriptPanelProps) {
  const firstMark = useRef<HTMLElement | null>(null);
  const textRef = useRef<HTMLDivElement | null>(null);
  const nextButton = useRef<HTMLButtonElement | null>(null);
  const keysHintId = useId();
  const tokens = useMemo(() => confidenceTokens(transcript, words), [transcript, words]);
  const uncertainCount = tokens.filter((token) => isUncertain(token.confidence)).length;

  /**
   * Issue 24: the marked words are not Tab stops (a poor recording has dozens), so the keyboard
   * reaches them through one button and steps between them with N / Shift+N; focus on a word
   * shows its confidence as hover does.
   */
  const focusUncertain = (step: 1 | -1) => {
    const marked = [...(textRef.current?.querySelectorAll<HTMLElement>('[data-uncertain]') ?? [])];
    if (marked.length === 0) return;
    const current = marked.findIndex((word) => word === document.activeElement);
    const next =
      current === -1
        ? step === 1
          ? 0
          : marked.length - 1
        : (current + step + marked.length) % marked.length;
    marked[next]?.focus();
    marked[next]?.scrollIntoView({ block: 'nearest' });
  };
  const onWordKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute('data-uncertain')) {
      return;
    }
    if (event.key === 'n' || event.key === 'N') {
      event.preventDefault();
      focusUncertain(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      nextButton.current?.focus();
    }
  };
  const ordered = [...spans]
    .filter((span) => span.end <= transcript.length && span.start < span.end)
    .sort((a, b) => a.start - b.start);

  useEffect(() => {
    firstMark.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [spans]);

  const parts: { text: string; start: number; marked: boolean }[] = [];
  let at = 0;
  for (const span of ordered) {
    if (span.start < at) continue;
    parts.push({ text: transcript.slice(at, span.start), start: at, marked: false });
    parts.push({ text: transcript.slice(span.start, span.end), start: span.start, marked: true });
    at = span.end;
  }
  parts.push({ text: transcript.slice(at), start: at, marked: false });
  let firstAssigned = false;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Transcript">
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={3} size="h5">
          Transcript
        </Title>
        {uncertainCount > 0 ? (
          <Group gap="xs" align="center">
            <Text size="xs" c="dimmed">
              {RECOGNITION_MESSAGES.uncertainWordCount(uncertainCount)}
            </Text>
            <Button
              ref={nextButton}
              size="compact-xs"
              variant="light"
              aria-describedby={keysHintId}
              title={RECOGNITION_MESSAGES.uncertainWordKeys}
              onClick={() => focusUncertain(1)}
            >
              {RECOGNITION_MESSAGES.nextUncertainWord}
            </Button>
            <span id={keysHintId} hidden>
              {RECOGNITION_MESSAGES.uncertainWordKeys}
            </span>
          </Group>
        ) : null}
      </Group>
      {transcript.trim() === '' ? (
        <Text c="dimmed" size="sm">
          No transcript.
        </Text>
      ) : (
        // Issue 26: when it scrolls, a keyboard user scrolls it with the arrow keys once it has
        // focus (axe: scrollable-region-focusable), so the scrolling box is a tab stop.
        <ScrollArea.Autosize mah={480} viewportProps={{ tabIndex: 0 }}>
          {/* One handler for every marked word: the keys act only when one has focus. */}
          <Text
            ref={textRef}
            component="div"
            size="sm"
            style={{ whiteSpace: 'pre-wrap' }}
            // Capture: the word's tooltip takes Escape for itself (to close) before it bubbles.
            onKeyDownCapture={onWordKey}
          >
            {parts.map((part, index) => {
              const text = withUncertainWords(part.text, part.start, tokens);
              if (!part.marked) return <Fragment key={index}>{text}</Fragment>;
              const ref = firstAssigned ? undefined : firstMark;
              firstAssigned = true;
              return (
                <mark key={index} ref={ref} data-evidence="">
                  {text}
                </mark>
              );
            })}
          </Text>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
