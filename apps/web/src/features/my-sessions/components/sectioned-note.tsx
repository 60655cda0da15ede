import { ActionIcon, Group, Stack, Title, Tooltip, Typography } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { noteSectionViews, type NoteSectionView } from '../../../lib/note-sections';

type SectionedNoteProps = {
  content: string;
  /** Copies one section (its heading and what follows) as rich text with a plain alternative. */
  onCopySection: (section: NoteSectionView) => void;
};

/**
 * A saved note with a Copy button beside each heading (issue 28), so one section can go into the
 * matching box of the clinic's record. The text is the allow-listed HTML of `lib/note-html`.
 */
export function SectionedNote({ content, onCopySection }: SectionedNoteProps) {
  const sections = useMemo(() => noteSectionViews(content), [content]);
  return (
    <Stack gap="xs">
      {sections.map((section, index) => (
        <section key={index} aria-label={section.title ?? 'Note'}>
          {section.title !== null && (
            <Group gap="xs" wrap="nowrap" mt={index === 0 ? 0 : 'sm'}>
              <Title order={3} size="h4">
                {section.title}
              </Title>
              <Tooltip label={`Copy ${section.title}`}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Copy ${section.title}`}
                  onClick={() => onCopySection(section)}
                >
                  <IconCopy size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
          {/* Sanitised by noteSectionViews (lib/note-html's allow-list). */}
          <Typography dangerouslySetInnerHTML={{ __html: section.bodyHtml }} />
        </section>
      ))}
    </Stack>
  );
}
