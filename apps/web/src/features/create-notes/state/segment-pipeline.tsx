import { SEGMENT_RULES } from '@clerkly/contracts';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  deleteSegment,
  deleteSessionRecording,
  loadUnsentAudio,
  saveOpenSegment,
  saveSessionRecording,
  storeSegment,
} from '../../../lib/recording-store';
import { uploadSegment } from '../api/upload-segment';
import { SegmentUploadQueue, type UploadQueueState } from '../lib/segment-upload-queue';
import { WAV_MIME_TYPE, encodeWav, floatToPcm16 } from '../lib/wav';
import {
  useSessionDispatch,
  useSessionState,
  type CurrentPatient,
  type SessionState,
} from './session-store';
import type { PatientSession } from '@clerkly/contracts';

/** What a stored recording needs to resume its session after a reload (issues 5 and 9). */
type RecordingContext = {
  session: PatientSession;
  patient: CurrentPatient;
  selectedTemplateIds: number[];
};

export type SegmentPipeline = {
  uploads: UploadQueueState;
  /** A recording starts: the session's audio is kept in the browser from now on. */
  recordingStarted: () => void;
  /** A segment the recorder cut (16 kHz mono): numbered, kept, and queued for upload. */
  addSegment: (samples: Float32Array) => void;
  /** The segment being recorded, so far: its copy in the browser is refreshed. */
  saveOpenSegment: (samples: Float32Array) => void;
  /** Segments recorded in this session so far and their length, up to the last one cut. */
  recorded: () => { segmentCount: number; seconds: number };
  /**
   * The session's whole recording as one WAV, for playback (issue 14); null when this page did
   * not record all of it (a recording recovered after a reload is only partly in memory).
   */
  recordingAudio: () => Blob | null;
  /** Resolves once every segment is on the server; rejects if the server refuses one. */
  drain: () => Promise<void>;
  /** Sends the waiting segments again now. */
  retryUploads: () => void;
};

const IDLE: UploadQueueState = { pending: 0, pendingSeconds: 0, retrying: false, refused: null };
const noSubscription = () => () => {};
const idleState = () => IDLE;

const SegmentPipelineContext = createContext<SegmentPipeline | null>(null);

/** Encodes a cut segment as the WAV the server reads. */
export function segmentWav(samples: Float32Array | Int16Array): Blob {
  const pcm = samples instanceof Int16Array ? samples : floatToPcm16(samples);
  return new Blob([encodeWav(pcm, SEGMENT_RULES.sampleRate)], { type: WAV_MIME_TYPE });
}

/** Forgets the browser's copy of a session's audio (saved, or deliberately left). */
export function forgetStoredRecording(sessionId: number | undefined): void {
  if (sessionId === undefined) return;
  deleteSessionRecording(sessionId).catch((error: unknown) => {
    console.warn('The stored recording could not be deleted.', error);
  });
}

/** Runs writes one after another; a failed write is logged and the next one still runs. */
function createWriteChain() {
  let chain = Promise.resolve();
  return (write: () => Promise<void>) => {
    chain = chain.then(write).catch((cause: unknown) => {
      // The segment is still in memory and on its way; only the crash copy is incomplete.
      console.warn('Audio could not be stored in the browser.', cause);
    });
  };
}

/**
 * The segment pipeline of the session on screen (issue 9): numbers the segments the recorder
 * cuts (across every recording of the session, so "Record more" continues the numbering),
 * keeps each in IndexedDB until the server acknowledges it, and uploads them in order with
 * retries. Segments left in the browser by a reload or a crash are sent when the session is
 * back on screen.
 */
export function SegmentPipelineProvider({
  owner,
  children,
}: {
  owner: string;
  children: ReactNode;
}) {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const sessionId = state.session?.id ?? null;
  const latest = useRef<SessionState>(state);
  const counter = useRef<{ sessionId: number; next: number; seconds: number } | null>(null);
  // The samples of every segment this page cut for the session on screen, for playback. The
  // browser's stored copy is deleted segment by segment once uploaded, so it cannot serve.
  const heard = useRef<{ sessionId: number; segments: Int16Array[] } | null>(null);
  // Browser-storage writes run one after another, so a segment is stored before it is deleted.
  const [enqueueWrite] = useState(createWriteChain);

  useLayoutEffect(() => {
    latest.current = state;
  });

  // One queue per session on screen; created with the session, started while it is shown.
  const queue = useMemo(
    () =>
      sessionId === null
        ? null
        : new SegmentUploadQueue({
            send: uploadSegment,
            onAcknowledged: (segment) =>
              enqueueWrite(() => deleteSegment(segment.sessionId, segment.seq)),
          }),
    [sessionId, enqueueWrite],
  );

  useEffect(() => {
    if (!queue || sessionId === null) return;
    queue.start();
    // Segments left from before a reload go first; one already queued is kept once.
    enqueueWrite(async () => {
      const { segments } = await loadUnsentAudio(sessionId);
      segments.forEach((segment) => queue.add(segment));
    });
    const online = () => queue.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      queue.stop();
    };
  }, [queue, sessionId, enqueueWrite]);

  const uploads = useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.getState ?? idleState,
  );

  /** The session's numbering, started from what the session state has counted. */
  const numbering = useCallback(() => {
    const { session, segmentCount, recordedSeconds } = latest.current;
    if (!session) return null;
    if (counter.current?.sessionId !== session.id) {
      counter.current = { sessionId: session.id, next: segmentCount, seconds: recordedSeconds };
    }
    return counter.current;
  }, []);

  // Stable, so a player built from it is not rebuilt whenever the upload state changes.
  const recordingAudio = useCallback((): Blob | null => {
    const count = numbering();
    const kept = heard.current;
    if (!count || !kept || kept.sessionId !== count.sessionId) return null;
    if (count.next === 0 || kept.segments.length !== count.next) return null;
    const whole = new Int16Array(kept.segments.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of kept.segments) {
      whole.set(part, offset);
      offset += part.length;
    }
    return segmentWav(whole);
  }, [numbering]);

  const pipeline = useMemo<SegmentPipeline>(
    () => ({
      uploads,
      recordingStarted: () => {
        const { session, patient, selectedTemplateIds } = latest.current;
        const count = numbering();
        if (!session || !patient || !count) return;
        const context: RecordingContext = { session, patient, selectedTemplateIds };
        enqueueWrite(() =>
          saveSessionRecording({
            sessionId: session.id,
            owner,
            context,
            segmentCount: count.next,
            durationSeconds: count.seconds,
          }),
        );
      },
      addSegment: (samples) => {
        const count = numbering();
        if (!count) return;
        const seq = count.next;
        const durationSeconds = samples.length / SEGMENT_RULES.sampleRate;
        count.next += 1;
        count.seconds += durationSeconds;
        const pcm = floatToPcm16(samples);
        if (heard.current?.sessionId !== count.sessionId) {
          heard.current = { sessionId: count.sessionId, segments: [] };
        }
        // Kept only while every segment so far is here, in order.
        if (heard.current.segments.length === seq) heard.current.segments.push(pcm);
        const segment = {
          sessionId: count.sessionId,
          seq,
          audio: segmentWav(pcm),
          durationSeconds,
        };
        dispatch({ type: 'segmentRecorded', seq, durationSeconds });
        // Up only once the browser holds it (issue 30): until then the browser's crash copy of
        // this number is the open segment, a shorter copy. Sent first, a reload in between
        // recovered that copy as this segment, which the server refused (409) for holding the
        // whole one, and the recovered session could not be finished.
        enqueueWrite(async () => {
          try {
            await storeSegment(segment);
          } finally {
            queue?.add(segment);
          }
        });
      },
      saveOpenSegment: (samples) => {
        const count = numbering();
        if (!count || samples.length === 0) return;
        const open = {
          sessionId: count.sessionId,
          seq: count.next,
          samples: floatToPcm16(samples),
        };
        enqueueWrite(() => saveOpenSegment(open));
      },
      recorded: () => {
        const count = numbering();
        return { segmentCount: count?.next ?? 0, seconds: count?.seconds ?? 0 };
      },
      recordingAudio,
      // After the writes queued so far: a segment joins the upload queue once it is stored.
      drain: () =>
        new Promise<void>((written) => enqueueWrite(async () => written())).then(
          () => queue?.whenDrained() ?? Promise.resolve(),
        ),
      retryUploads: () => queue?.retryNow(),
    }),
    [uploads, queue, numbering, enqueueWrite, owner, dispatch, recordingAudio],
  );

  return <SegmentPipelineContext value={pipeline}>{children}</SegmentPipelineContext>;
}

export function useSegmentPipeline(): SegmentPipeline {
  const pipeline = use(SegmentPipelineContext);
  if (!pipeline) throw new Error('useSegmentPipeline needs a SegmentPipelineProvider');
  return pipeline;
}
