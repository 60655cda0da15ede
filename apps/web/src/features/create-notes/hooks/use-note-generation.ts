import { LIMIT_ERROR_CODES, TOASTS } from '@clerkly/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useUploadRecording } from '../api/upload-recording';
import { AudioConversionError, recordingsToWav } from '../lib/audio-conversion';
import { useSessionDispatch, useSessionState } from '../state/session-store';

/**
 * What the overlay says (spec point 4): "Analysing your session..." while the audio is prepared
 * and sent (with the share sent, when known), then "Hang on! Generating notes..." while the
 * server transcribes and writes.
 */
export type GenerationProgress =
  { phase: 'analysing'; sent: number | null } | { phase: 'generating' } | null;

/** Refusals of spec point 8 whose message is the server's (the spec's) own words. */
const LIMIT_CODES = new Set<string>([
  LIMIT_ERROR_CODES.trialNotesExhausted,
  LIMIT_ERROR_CODES.trialTemplateLimit,
  LIMIT_ERROR_CODES.upgradeRequired,
]);

export const isLimitError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 403 && LIMIT_CODES.has(error.code);

/** A reason worth showing under "Failed to process audio!" (bad, empty or too large audio). */
function failureReason(error: unknown): string | null {
  if (error instanceof AudioConversionError) return error.message;
  if (error instanceof ApiRequestError && (error.status === 400 || error.status === 413)) {
    return error.code === `HTTP_${error.status}` ? null : error.message;
  }
  if (error instanceof ApiRequestError && error.status === 503) {
    return 'Transcription is unavailable at the moment. Your recording is kept: try again shortly.';
  }
  return null;
}

/**
 * Upload and generate (issue 5 point 3): the session's recordings become one 16 kHz WAV, sent
 * with the chosen templates; the notes replace what was there. A failure keeps the session and
 * the recordings (in memory and in the browser's storage), so the user can try again.
 */
export function useNoteGeneration() {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const upload = useUploadRecording();
  const [progress, setProgress] = useState<GenerationProgress>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const generate = async ({
    recordings,
    templateIds,
    prevTranscribedText,
  }: {
    recordings: readonly Blob[];
    templateIds: readonly number[];
    prevTranscribedText?: string;
  }): Promise<boolean> => {
    const session = state.session;
    if (!session || recordings.length === 0 || templateIds.length === 0 || progress) return false;
    setProgress({ phase: 'analysing', sent: null });
    try {
      const { file, durationSeconds } = await recordingsToWav(recordings);
      const result = await upload.mutateAsync({
        audio: file,
        selectedTemplateIds: templateIds,
        sessionId: session.id,
        prevTranscribedText,
        onProgress: ({ loaded, total, done }) =>
          setProgress(
            done
              ? { phase: 'generating' }
              : { phase: 'analysing', sent: total ? loaded / total : null },
          ),
      });
      setLimitMessage(null);
      dispatch({
        type: 'notesGenerated',
        outputs: result.outputs,
        transcription: result.transcription,
        durationSeconds,
        recordingCount: recordings.length,
      });
      return true;
    } catch (error) {
      if (isLimitError(error)) {
        setLimitMessage(error.message);
        notifications.show({ color: 'red', message: error.message });
      } else {
        console.warn('Generating notes failed.', error);
        const reason = failureReason(error);
        notifications.show(
          reason
            ? { color: 'red', title: TOASTS.audioProcessingFailed, message: reason }
            : { color: 'red', message: TOASTS.audioProcessingFailed },
        );
      }
      return false;
    } finally {
      setProgress(null);
    }
  };

  return { generate, progress, busy: progress !== null, limitMessage };
}
