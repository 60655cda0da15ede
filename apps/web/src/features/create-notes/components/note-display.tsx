import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { noteToSafeHtml } from '../../../lib/note-html';
import { useTypingEffect } from '../hooks/use-typing-effect';

type NoteDisplayProps = {
  content: string;
  /** Newly generated: shown with the typing effect (spec point 4). */
  typing: boolean;
  onTyped?: () => void;
  label: string;
};

/** A note rendered with its formatting, typed out the first time it is shown. */
export function NoteDisplay({ content, typing, onTyped, label }: NoteDisplayProps) {
  const html = useMemo(() => noteToSafeHtml(content), [content]);
  const shown = useTypingEffect(html, typing, onTyped);

  if (html.trim() === '') {
    return (
      <Text c="dimmed" fs="italic">
        This note is empty.
      </Text>
    );
  }
  return (
    <Typography
      role="article"
      aria-label={label}
      aria-busy={shown.typing}
      // Sanitised by noteToSafeHtml (allow-listed tags only); truncation keeps it so.
      dangerouslySetInnerHTML={{ __html: shown.html }}
    />
  );
}
