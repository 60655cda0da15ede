import {
  RECOGNITION_MESSAGES,
  TOASTS,
  checkNoteSafety,
  unfilledFields,
  unfilledFieldsMessage,
} from '@clerkly/contracts';
import { Alert, Button, Group, List, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useAudioDevices } from '../../../hooks/use-audio-devices';
import { useFocusReturn } from '../../../hooks/use-focus-return';
import { useTemplates } from '../api/get-templates';
import { getSessionDetail } from '../api/get-session-detail';
import { isSaveConflict, useSaveSession } from '../api/save-session';
import { useNoteGeneration } from '../hooks/use-note-generation';
import { useReadAloud } from '../hooks/use-read-aloud';
import { useSessionRecorder } from '../hooks/use-session-recorder';
import { replaceNoteOutput, toSessionUpdate } from '../lib/generated-notes';
import { forgetStoredRecording } from '../state/segment-pipeline';
import { useSessionDispatch, useSessionState } from '../state/session-store';
import { AddTemplatesModal } from './add-templates-modal';
import { GenerationOverlay } from './generation-overlay';
import { LiveTranscript } from './live-transcript';
import { NotePanel } from './note-panel';
import { RecorderControls } from './recorder-controls';
import { SafetyFindings } from './safety-findings';
import { SaveConflictModal } from './save-conflict-modal';
import { SessionHeader } from './session-header';
import { UploadStatus } from './upload-status';
import { WarningAlert } from '../../../components/warning-alert';

/**
 * Stage 3 (spec points 2 and 4): one tab per template with its note, editing, regeneration,
 * copy and read aloud; a later recording adds segments to the session's audio and the notes are
 * generated again from the whole (issue 9: only the new segments are transcribed); Save Session,
 * Next Patient and Exit Session.
 */
export function NotesStage({ onExit }: { onExit: () => void }) {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const templates = useTemplates();
  const devices = useAudioDevices();
  const generation = useNoteGeneration();
  const readAloud = useReadAloud();
  const saveSession = useSaveSession();
  const [activeTab, setActiveTab] = useState<string | null>(null);
  const [addingTemplates, setAddingTemplates] = useState(false);
  const [reviewingSafety, setReviewingSafety] = useState(false);
  const [saveConflict, setSaveConflict] = useState(false);
  const [resolvingConflict, setResolvingConflict] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  useFocusReturn(saveButton, saveSession.isPending);

  const noteTemplateIds = state.generatedNotes.map((note) => note.templateId);
  const regenerateFromAudio = () => void generation.generate({ templateIds: noteTemplateIds });
  const recorder = useSessionRecorder({
    deviceId: devices.microphoneId,
    // Spec point 4: the new audio joins the earlier audio and the notes are replaced.
    onRecorded: regenerateFromAudio,
  });

  const recording = recorder.state.status !== 'idle';
  const busy = generation.busy || recording;
  const audioNotInNotes = state.segmentCount > state.segmentsInNotes;

  const templateName = (templateId: number) =>
    templates.data?.find((template) => template.id === templateId)?.name ??
    `Template ${templateId}`;

  const replace = (templateKey: string, output: string): boolean => {
    const notes = replaceNoteOutput(state.generatedNotes, templateKey, output);
    if (!notes) return false;
    dispatch({ type: 'notesUpdated', notes });
    return true;
  };

  /** Every note's safety findings against the transcript, as the notes stand now (issue 12). */
  const safetyFindings = () =>
    state.transcribedText.trim()
      ? state.generatedNotes.flatMap((note) =>
          checkNoteSafety(note.output, state.transcribedText).map((finding) => ({
            ...finding,
            templateName: templateName(note.templateId),
          })),
        )
      : [];

  /**
   * Fields an engine could not fill from the consultation ("[not stated]"): a certificate is not
   * saved until the clinician has filled each one (issue 21).
   */
  const unfilled = () =>
    state.generatedNotes.flatMap((note) => {
      const fields = unfilledFields(note.output);
      return fields.length > 0
        ? [
            {
              templateId: note.templateId,
              message: unfilledFieldsMessage(fields, templateName(note.templateId)),
            },
          ]
        : [];
    });

  /**
   * Issue 24: sentences still in the notes that rest on words the recogniser was unsure of
   * (their evidence says so), for the clinician to check before saving.
   */
  const uncertainSentences = () =>
    state.generatedNotes.flatMap((note) =>
      (note.evidence ?? [])
        .filter((entry) => entry.supported && entry.uncertain && note.output.includes(entry.text))
        .map((entry) => ({
          key: `${note.templateId}:${entry.text}`,
          text: entry.text,
          confidence: entry.confidence ?? 0,
          templateName: templateName(note.templateId),
        })),
    );

  /** Save Session lists unfilled fields and safety findings first; the clinician decides. */
  const requestSave = () => {
    if (unfilled().length > 0 || safetyFindings().length > 0 || uncertainSentences().length > 0)
      setReviewingSafety(true);
    else save();
  };
  const unfilledNow = reviewingSafety ? unfilled() : [];
  const findingsNow = reviewingSafety ? safetyFindings() : [];
  const uncertainNow = reviewingSafety ? uncertainSentences() : [];

  /** `baseVersion` defaults to the version this copy was loaded at; "Keep my copy" passes the latest. */
  const save = (baseVersion?: number) => {
    setReviewingSafety(false);
    const { session, generatedNotes, transcribedText, durationSeconds } = state;
    if (!session) return;
    saveSession.mutate(
      {
        sessionId: session.id,
        update: toSessionUpdate({
          notes: generatedNotes,
          sessionId: session.id,
          durationSeconds,
          transcribedText,
          baseVersion: baseVersion ?? session.version,
        }),
      },
      {
        onSuccess: ({ version }) => {
          notifications.show({ color: 'teal', message: TOASTS.sessionSaved });
          dispatch({ type: 'sessionSaved', notes: generatedNotes, transcribedText, version });
          // Saved on the server: the browser's crash copy of the audio is no longer needed.
          forgetStoredRecording(session.id);
        },
        onError: (error) => {
          if (isSaveConflict(error)) {
            setSaveConflict(true);
            return;
          }
          console.warn('Saving the session failed.', error);
          notifications.show({ color: 'red', message: TOASTS.saveFailed });
        },
      },
    );
  };

  /** After a conflict: take the saved version, or save this copy over it. */
  const resolveConflict = async (choice: 'reload' | 'keep-mine') => {
    if (!state.session) return;
    setResolvingConflict(true);
    try {
      const detail = await getSessionDetail(state.session.id);
      setSaveConflict(false);
      if (choice === 'reload') dispatch({ type: 'savedVersionLoaded', detail });
      else save(detail.version);
    } catch (error) {
      console.warn('Loading the saved session failed.', error);
      notifications.show({ color: 'red', message: TOASTS.saveFailed });
    } finally {
      setResolvingConflict(false);
    }
  };

  const firstTab = state.generatedNotes[0] ? String(state.generatedNotes[0].templateId) : null;
  const currentTab =
    activeTab !== null && state.generatedNotes.some((note) => String(note.templateId) === activeTab)
      ? activeTab
      : firstTab;

  return (
    <Stack gap="lg">
      <SessionHeader onExit={onExit} disabled={generation.busy}>
        <Button
          ref={saveButton}
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={requestSave}
          loading={saveSession.isPending}
          disabled={busy}
        >
          Save Session
        </Button>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={onExit}
          disabled={generation.busy}
        >
          Next Patient
        </Button>
      </SessionHeader>

      <Tabs value={currentTab} onChange={setActiveTab} keepMounted>
        {/* Wraps on a phone: squeezed beside Add templates, the tabs stacked and the button's
            label was cut (issue 14). */}
        <Group justify="space-between" align="flex-end" gap="xs">
          <Tabs.List aria-label="Notes by template">
            {state.generatedNotes.map((note) => (
              <Tabs.Tab key={note.templateId} value={String(note.templateId)}>
                {templateName(note.templateId)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAddingTemplates(true)}
            disabled={busy || state.transcribedText.trim() === ''}
          >
            Add templates
          </Button>
        </Group>
        {state.generatedNotes.map((note) => (
          <Tabs.Panel key={note.templateId} value={String(note.templateId)}>
            <NotePanel
              note={note}
              templateKey={String(note.templateId)}
              templateName={templateName(note.templateId)}
              onReplace={replace}
              readAloud={readAloud}
              disabled={busy}
            />
          </Tabs.Panel>
        ))}
      </Tabs>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} size="h4">
            Add to the recording
          </Title>
          <Text size="sm" c="dimmed">
            Something was missed? Record more: it is added to the end of the consultation and the
            notes are written again from the whole recording.
          </Text>
          <RecorderControls
            recorder={recorder}
            devices={devices}
            startLabel="Record more"
            disabled={generation.busy}
          />
          <UploadStatus />
          {recording && <LiveTranscript recording />}
          {audioNotInNotes && !busy && (
            <WarningAlert
              action={
                <Button size="xs" onClick={regenerateFromAudio}>
                  Update notes from the recording
                </Button>
              }
            >
              The latest recording is not in the notes yet.
            </WarningAlert>
          )}
        </Stack>
      </Paper>

      <Modal
        opened={reviewingSafety}
        onClose={() => setReviewingSafety(false)}
        title="Before saving"
        size="lg"
        centered
      >
        <Stack gap="md">
          {unfilledNow.length > 0 && (
            <Alert color="red" variant="light" title="Not stated in the consultation">
              <Stack gap="xs">
                <Text size="sm">
                  The consultation did not state these fields. Fill each one in the note, or remove
                  it, before saving.
                </Text>
                <List size="sm" spacing={4}>
                  {unfilledNow.map((item) => (
                    <List.Item key={item.templateId}>{item.message}</List.Item>
                  ))}
                </List>
              </Stack>
            </Alert>
          )}
          {uncertainNow.length > 0 && (
            <Alert
              color="orange"
              variant="light"
              title="Resting on uncertain words"
              data-testid="uncertain-before-saving"
            >
              <Stack gap="xs">
                <Text size="sm">{RECOGNITION_MESSAGES.uncertainSentence}</Text>
                <List size="sm" spacing={4}>
                  {uncertainNow.map((item) => (
                    <List.Item key={item.key}>
                      {item.templateName}: “{item.text}” ({Math.round(item.confidence * 100)} %
                      confidence)
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Alert>
          )}
          {findingsNow.length > 0 && (
            <Text size="sm">
              These facts in the notes are not in the transcript as written. Check each one.
            </Text>
          )}
          <SafetyFindings
            findings={findingsNow}
            transcript={state.transcribedText}
            title="Safety check"
            landmark={false}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setReviewingSafety(false)}>
              Review notes
            </Button>
            {unfilledNow.length === 0 && (
              <Button color="orange" onClick={() => save()}>
                Save anyway
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <AddTemplatesModal opened={addingTemplates} onClose={() => setAddingTemplates(false)} />
      <SaveConflictModal
        opened={saveConflict}
        busy={resolvingConflict || saveSession.isPending}
        onReload={() => void resolveConflict('reload')}
        onKeepMine={() => void resolveConflict('keep-mine')}
        onClose={() => setSaveConflict(false)}
      />
      <GenerationOverlay generation={generation} />
    </Stack>
  );
}
