import type { PatientSession } from '@clerkly/contracts';
import { useRef, useState } from 'react';
import {
  appendRecordingChunk,
  createStoredRecording,
  deleteStoredRecording,
} from '../../../lib/recording-store';
import { useSessionDispatch, useSessionState, type CurrentPatient } from '../state/session-store';
import { useRecorder } from './use-recorder';

/** What a stored recording needs to resume its session after a reload (issue 5). */
export type RecordingContext = {
  session: PatientSession;
  patient: CurrentPatient;
  selectedTemplateIds: number[];
};

const newRecordingId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The recorder of the session on screen: each recording joins the session's audio, and every
 * chunk is written to IndexedDB as it arrives, so a reload or a crash loses at most a second.
 */
export function useSessionRecorder({
  deviceId,
  owner,
  onRecorded,
}: {
  deviceId: string | null;
  /** The signed-in user's id: a stored recording is only offered back to them. */
  owner: string;
  /** Called with the session's recordings (the new one last) when a recording stops. */
  onRecorded?: (recordings: Blob[]) => void;
}) {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const [error, setError] = useState<string | null>(null);
  // Writes run one after another, so chunks land in order.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const target = useRef<{ recordingId: string; part: number } | null>(null);

  const enqueue = (write: () => Promise<void>) => {
    writes.current = writes.current.then(write).catch((cause: unknown) => {
      // The recording itself is still in memory; only the crash copy is incomplete.
      console.warn('A recording chunk could not be stored in the browser.', cause);
    });
  };

  const recorder = useRecorder(deviceId, {
    onStart: (mimeType) => {
      setError(null);
      const { session, patient } = state;
      let recordingId = state.storedRecordingId;
      if (!recordingId && session && patient) {
        const id = newRecordingId();
        recordingId = id;
        dispatch({ type: 'recordingStored', storedRecordingId: id });
        const context: RecordingContext = {
          session,
          patient,
          selectedTemplateIds: state.selectedTemplateIds,
        };
        enqueue(() => createStoredRecording({ id, owner, mimeType, context }));
      }
      target.current = recordingId ? { recordingId, part: state.recordings.length } : null;
    },
    onChunk: (chunk, seq) => {
      const part = target.current;
      if (part) enqueue(() => appendRecordingChunk(part.recordingId, part.part, seq, chunk));
    },
    onStop: (recording) => {
      dispatch({ type: 'recordingAdded', recording });
      onRecorded?.([...state.recordings, recording]);
    },
    onError: setError,
  });

  /** Drops the session's audio, in memory and in the browser's storage. */
  const discard = () => {
    const id = state.storedRecordingId;
    dispatch({ type: 'recordingsDiscarded' });
    if (id) enqueue(() => deleteStoredRecording(id));
  };

  return { ...recorder, error, discard };
}

/** Forgets the crash copy of a session's recordings (saved, or deliberately left). */
export function forgetStoredRecording(id: string | null): void {
  if (!id) return;
  deleteStoredRecording(id).catch((error: unknown) => {
    console.warn('The stored recording could not be deleted.', error);
  });
}
