import { useRef, useState } from 'react';
import { Segmenter } from '../lib/segmenter';
import { useSegmentPipeline } from '../state/segment-pipeline';
import { useRecorder } from './use-recorder';

/** The segment being recorded is copied to the browser's storage this often (issue 5). */
const OPEN_SEGMENT_SAVE_MS = 1000;

/**
 * The recorder of the session on screen (issue 9): the captured audio is cut into segments at
 * pauses, and each segment goes to the session's pipeline (kept in the browser, uploaded in
 * order). The segment in progress is copied to IndexedDB every second, so a reload or a crash
 * loses at most a second. Pause and Stop close the current segment; paused time makes nothing.
 */
export function useSessionRecorder({
  deviceId,
  onRecorded,
}: {
  deviceId: string | null;
  /** Called when a recording stops, once its last segment has been handed to the pipeline. */
  onRecorded?: () => void;
}) {
  const pipeline = useSegmentPipeline();
  const [error, setError] = useState<string | null>(null);
  const segmenter = useRef<Segmenter | null>(null);
  const lastSaved = useRef(0);

  const recorder = useRecorder(deviceId, {
    onStart: () => {
      setError(null);
      pipeline.recordingStarted();
      segmenter.current = new Segmenter((samples) => pipeline.addSegment(samples));
      lastSaved.current = Date.now();
    },
    onAudio: (samples) => {
      const current = segmenter.current;
      if (!current) return;
      current.push(samples);
      if (Date.now() - lastSaved.current >= OPEN_SEGMENT_SAVE_MS) {
        lastSaved.current = Date.now();
        pipeline.saveOpenSegment(current.pendingSamples());
      }
    },
    onPause: () => segmenter.current?.flush(),
    onStop: () => {
      segmenter.current?.flush();
      segmenter.current = null;
      onRecorded?.();
    },
    onError: setError,
  });

  return { ...recorder, error };
}
