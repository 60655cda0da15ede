import { confidenceTokens, type EvidenceSpan, type WordConfidence } from '@clerkly/contracts';
import { Paper, ScrollArea, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useMemo, useRef } from 'react';
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
  const tokens = useMemo(() => confidenceTokens(transcript, words), [transcript, words]);
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
