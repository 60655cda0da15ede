import { MESSAGES, checkNoteSafety, type EvidenceSpan } from '@clerkly/contracts';
import { Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconPlayerStopFilled, IconVolume } from '@tabler/icons-react';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useCopyNote } from '../../../hooks/use-copy-note';
import { noteToSafeHtml, safeHtmlToPlainText } from '../../../lib/note-html';
import type { GeneratedNote } from '../lib/generated-notes';
import { useSessionDispatch, useSessionState } from '../state/session-store';
import { EvidenceNote } from './evidence-note';
import { NoteDisplay } from './note-display';
import { EngineNotices } from './engine-notices';
import { RegenerateNote } from './regenerate-note';
import { SafetyFindings } from './safety-findings';
import { RecognitionNotice } from './recognition-notice';
import { TemplateStyle } from '../../../components/template-style';
import { TranscriptPanel } from './transcript-panel';

// The rich-text editor (TipTap, ProseMirror) is the largest library in the app; it loads when a
// note is first edited (issue 13, decision 010).
const NoteEditor = lazy(() => import('./note-editor').then((m) => ({ default: m.NoteEditor })));

type NotePanelProps = {
  note: GeneratedNote;
  /** The tab's value: the template id as text, compared as an integer (spec point 3). */
  templateKey: string;
  templateName: string;
  /** Replaces the output of the entry matching `templateKey`; false when none matches. */
  onReplace: (templateKey: string, output: string) => boolean;
  readAloud: {
    speakingId: string | null;
    failedId: string | null;
    toggle: (id: string, text: string) => void;
  };
  disabled: boolean;
};

/** One template's note: read, edit, copy, read aloud, regenerate (spec points 2 and 4). */
export function NotePanel({
  note,
  templateKey,
  templateName,
  onReplace,
  readAloud,
  disabled,
}: NotePanelProps) {
  const dispatch = useSessionDispatch();
  const { transcribedText, transcriptConfidence, session } = useSessionState();
  const [focused, setFocused] = useState<{ id: string; spans: readonly EvidenceSpan[] } | null>(
    null,
  );
  // Run in the browser on the note as it stands, so an edit is checked before saving.
  const findings = useMemo(
    () => (transcribedText.trim() ? checkNoteSafety(note.output, transcribedText) : []),
    [note.output, transcribedText],
  );
  const copyNote = useCopyNote();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Issue 26: when the editor closes (Cancel or Update) its controls leave the page; focus goes
  // back to the Edit button that opened it, not to the page body (before the next paint).
  useLayoutEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const [copying, setCopying] = useState(false);
  const speaking = readAloud.speakingId === templateKey;

  const copy = async () => {
    setCopying(true);
    try {
      await copyNote(
        note.output,
        session ? { sessionId: session.id, templateId: note.templateId } : undefined,
      );
    } finally {
      setCopying(false);
    }
  };

  return (
    <Stack gap="md" pt="md">
      <Group gap="sm">
        <Button
          ref={editButton}
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => {
            // The editor shows the whole note: the typing effect has nothing left to show.
            if (note.typing) dispatch({ type: 'typingFinished', templateId: note.templateId });
            setEditing(true);
          }}
          // Not disabled while the editor opens: a disabled button drops its focus to the page
          // body until the editor (loaded on first use) takes it (issue 26).
          disabled={disabled}
        >
          Edit
        </Button>
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={copying}
          onClick={() => void copy()}
        >
          Copy
        </Button>
        <Button
          variant={speaking ? 'filled' : 'light'}
          aria-pressed={speaking}
          leftSection={
            speaking ? (
              <IconPlayerStopFilled size={16} aria-hidden />
            ) : (
              <IconVolume size={16} aria-hidden />
            )
          }
          onClick={() =>
            readAloud.toggle(templateKey, safeHtmlToPlainText(noteToSafeHtml(note.output)))
          }
        >
          Read aloud
        </Button>
        {/* Present before it has words, so screen readers announce them (issue 26). */}
        <Text size="sm" role="status">
          {readAloud.failedId === templateKey ? MESSAGES.readAloudUnavailable : null}
        </Text>
      </Group>

      <RecognitionNotice words={transcriptConfidence} />
      <EngineNotices notices={note.notices} />
      <TemplateStyle templateId={note.templateId} />

      {editing ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the editor…" />}>
          <NoteEditor
            templateName={templateName}
            content={note.output}
            onCancel={() => setEditing(false)}
            onUpdate={(html) => {
              // Spec point 4: no matching entry leaves the editor open.
              if (onReplace(templateKey, html)) setEditing(false);
            }}
          />
        </Suspense>
      ) : (
        // Issue 26: the transcript stays beside the note while the note types itself out.
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p="lg">
              {note.typing ? (
                <NoteDisplay
                  content={note.output}
                  typing={note.typing}
                  onTyped={() => dispatch({ type: 'typingFinished', templateId: note.templateId })}
                  label={`${templateName} note`}
                />
              ) : (
                <EvidenceNote
                  content={note.output}
                  transcript={transcribedText}
                  evidence={note.evidence}
                  label={`${templateName} note`}
                  activeId={focused?.id ?? null}
                  onActivate={setFocused}
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TranscriptPanel
              transcript={transcribedText}
              spans={focused?.spans ?? []}
              words={transcriptConfidence}
            />
          </Grid.Col>
        </Grid>
      )}

      {!editing && <SafetyFindings findings={findings} transcript={transcribedText} />}

      <RegenerateNote
        note={note}
        templateName={templateName}
        onAccept={(output) => onReplace(templateKey, output)}
        disabled={disabled || editing}
      />
    </Stack>
  );
}
