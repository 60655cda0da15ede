import { useEffect, useMemo, useRef } from 'react';
import { useSegmentPipeline } from '../state/segment-pipeline';

/**
 * Plays back the session's recording from the browser's copy (issue 14), so the clinician can
 * check it before generating notes. Rebuilt when a recording adds segments; nothing is shown
 * when this page does not hold the whole recording (one recovered after a reload).
 */
export function RecordingPlayback({ segmentCount }: { segmentCount: number }) {
  const { recordingAudio } = useSegmentPipeline();
  const player = useRef<HTMLAudioElement>(null);
  // segmentCount is what changes the recording: a new Blob only when a segment was added.
  const audio = useMemo(
    () => (segmentCount > 0 ? recordingAudio() : null),
    [recordingAudio, segmentCount],
  );

  useEffect(() => {
    if (!audio || !player.current) return;
    const url = URL.createObjectURL(audio);
    player.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [audio]);

  if (!audio) return null;
  return (
    <audio
      ref={player}
      controls
      preload="metadata"
      aria-label="Play back the recording"
      style={{ width: '100%', maxWidth: '26rem' }}
    />
  );
}
