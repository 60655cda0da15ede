import { RECOGNITION_MESSAGES, type EvidenceSpan, type NoteEvidence } from '@clerkly/contracts';
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

/** What a sentence's mark says on hover and focus (issue 24: with its evidence's confidence). */
function markText(evidence: NonNullable<ShownSentence['evidence']>): string | undefined {
  if (!evidence.supported) return UNSUPPORTED;
  if (!evidence.uncertain) return undefined;
  const percent = Math.round((evidence.confidence ?? 0) * 100);
  return `${RECOGNITION_MESSAGES.uncertainSentence} (${percent} % confidence)`;
}

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
  const uncertain = evidence.supported && evidence.uncertain === true;
  const mark = markText(evidence);
  const activate = () => onActivate({ id: sentence.id, spans: evidence.spans });
  const span = (
    <Box
      component="span"
      tabIndex={0}
      data-sentence={sentence.id}
      data-unsupported={unsupported || undefined}
      data-uncertain={uncertain || undefined}
      data-confidence={evidence.confidence}
      aria-description={mark}
      onMouseEnter={activate}
      onFocus={activate}
      style={{
        borderRadius: 2,
        background: active ? 'var(--mantine-color-yellow-1)' : undefined,
        textDecoration: unsupported
          ? 'underline wavy var(--mantine-color-orange-6)'
          : uncertain
            ? 'underline dotted var(--mantine-color-orange-6)'
            : undefined,
        textDecorationThickness: uncertain ? 2 : undefined,
        cursor: 'default',
      }}
    >
      {sentence.text}
    </Box>
  );
  return (
    <>
      {mark ? (
        <Tooltip label={mark} withinPortal>
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
  const uncertain = blocks
    .flatMap((b) => (b.kind === 'heading' ? [] : b.sentences))
    .filter((s) => s.evidence?.supported && s.evidence.uncertain).length;

  return (
    <Typography role="article" aria-label={label} aria-busy={false}>
      {unsupported > 0 && (
        <Text size="sm" c={WARNING_TEXT} mb="sm" role="status">
          {unsupported === 1
            ? '1 sentence is not found in the transcript: review it before saving.'
            : `${unsupported} sentences are not found in the transcript: review them before saving.`}
        </Text>
      )}
      {uncertain > 0 && (
        <Text size="sm" c={WARNING_TEXT} mb="sm" role="status" data-testid="uncertain-sentences">
          {uncertain === 1
            ? '1 sentence rests on words the recogniser was unsure of: check it against the recording.'
            : `${uncertain} sentences rest on words the recogniser was unsure of: check them against the recording.`}
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
