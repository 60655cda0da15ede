import type { EvidenceSpan, NoteEvidence } from '@clerkly/contracts';
import { Box, List, Text, Title, Tooltip, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { noteToSafeHtml } from '../../../lib/note-html';
import { evidenceBlocks, type ShownSentence } from '../lib/note-evidence';
import { WARNING_TEXT } from '../../../config/colors';

type EvidenceNoteProps = {
  content: string;
  transcript: string;
  evidence: NoteEvidence | undefined;
  label: string;
  activeId: string | null;
  onActivate: (sentence: { id: string; spans: readonly EvidenceSpan[] } | null) => void;
};

const UNSUPPORTED = 'Not found in the transcript: review before saving.';

function Sentence({
  sentence,
  active,
  onActivate,
}: {
  sentence: ShownSentence;
  active: boolean;
  onActivate: EvidenceNoteProps['onActivate'];
}) {
  const evidence = sentence.evidence;
  if (!evidence) return <>{sentence.text} </>;
  const unsupported = !evidence.supported;
  const activate = () => onActivate({ id: sentence.id, spans: evidence.spans });
  const span = (
    <Box
      component="span"
      tabIndex={0}
      data-sentence={sentence.id}
      data-unsupported={unsupported || undefined}
      aria-description={unsupported ? UNSUPPORTED : undefined}
      onMouseEnter={activate}
      onFocus={activate}
      style={{
        borderRadius: 2,
        background: active ? 'var(--mantine-color-yellow-1)' : undefined,
        textDecoration: unsupported ? 'underline wavy var(--mantine-color-orange-6)' : undefined,
        cursor: 'default',
      }}
    >
      {sentence.text}
    </Box>
  );
  return (
    <>
      {unsupported ? (
        <Tooltip label={UNSUPPORTED} withinPortal>
          {span}
        </Tooltip>
      ) : (
        span
      )}{' '}
    </>
  );
}

/**
 * The note sentence by sentence (issue 12): hovering or focusing a sentence shows its evidence in
 * the transcript panel; a sentence the transcript does not support is underlined for review.
 */
export function EvidenceNote({
  content,
  transcript,
  evidence,
  label,
  activeId,
  onActivate,
}: EvidenceNoteProps) {
  const blocks = useMemo(
    () => evidenceBlocks(noteToSafeHtml(content), transcript, evidence),
    [content, transcript, evidence],
  );
  const unsupported = blocks
    .flatMap((b) => (b.kind === 'heading' ? [] : b.sentences))
    .filter((s) => s.evidence && !s.evidence.supported).length;

  return (
    <Typography role="article" aria-label={label} aria-busy={false}>
      {unsupported > 0 && (
        <Text size="sm" c={WARNING_TEXT} mb="sm" role="status">
          {unsupported === 1
            ? '1 sentence is not found in the transcript: review it before saving.'
            : `${unsupported} sentences are not found in the transcript: review them before saving.`}
        </Text>
      )}
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <Title
              key={index}
              order={Math.min(6, Math.max(1, block.level)) as 1 | 2 | 3 | 4 | 5 | 6}
            >
              {block.text}
            </Title>
          );
        }
        const sentences = block.sentences.map((sentence) => (
          <Sentence
            key={sentence.id}
            sentence={sentence}
            active={sentence.id === activeId}
            onActivate={onActivate}
          />
        ));
        return block.kind === 'item' ? (
          <List key={index}>
            <List.Item>{sentences}</List.Item>
          </List>
        ) : (
          <p key={index}>{sentences}</p>
        );
      })}
    </Typography>
  );
}
