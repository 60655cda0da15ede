import { Typography, type TypographyProps } from '@mantine/core';
import { useMemo } from 'react';
import { noteToSafeHtml } from '../lib/note-html';

type NoteContentProps = Omit<TypographyProps, 'children'> & {
  /** A note as stored: editor HTML or generated plain/markdown-like text. */
  content: string;
};

/** A note rendered with its formatting, after the allow-list of `lib/note-html`. */
export function NoteContent({ content, ...props }: NoteContentProps) {
  const html = useMemo(() => noteToSafeHtml(content), [content]);
  // Sanitised by noteToSafeHtml: only formatting tags and safe links remain.
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
