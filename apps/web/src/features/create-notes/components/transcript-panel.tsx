import type { EvidenceSpan } from '@clerkly/contracts';
import { Paper, ScrollArea, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useRef } from 'react';

type TranscriptPanelProps = {
  transcript: string;
  /** The spans of the sentence in focus, highlighted. */
  spans: readonly EvidenceSpan[];
};

/** The transcript beside the note, with the evidence of the sentence in focus highlighted. */
export function TranscriptPanel({ transcript, spans }: TranscriptPanelProps) {
  const firstMark = useRef<HTMLElement | null>(null);
  const ordered = [...spans]
    .filter((span) => span.end <= transcript.length && span.start < span.end)
    .sort((a, b) => a.start - b.start);

  useEffect(() => {
    firstMark.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [spans]);

  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const span of ordered) {
    if (span.start < at) continue;
    parts.push({ text: transcript.slice(at, span.start), marked: false });
    parts.push({ text: transcript.slice(span.start, span.end), marked: true });
    at = span.end;
  }
  parts.push({ text: transcript.slice(at), marked: false });
  let firstAssigned = false;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Transcript">
      <Title order={3} size="h5" mb="xs">
        Transcript
      </Title>
      {transcript.trim() === '' ? (
        <Text c="dimmed" size="sm">
          No transcript.
        </Text>
      ) : (
        // Issue 26: when it scrolls, a keyboard user scrolls it with the arrow keys once it has
        // focus (axe: scrollable-region-focusable), so the scrolling box is a tab stop.
        <ScrollArea.Autosize mah={480} viewportProps={{ tabIndex: 0 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {parts.map((part, index) => {
              if (!part.marked) return <Fragment key={index}>{part.text}</Fragment>;
              const ref = firstAssigned ? undefined : firstMark;
              firstAssigned = true;
              return (
                <mark key={index} ref={ref} data-evidence="">
                  {part.text}
                </mark>
              );
            })}
          </Text>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
