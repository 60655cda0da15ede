import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mediaErrorName } from '../../../hooks/use-audio-devices';

/** Spec point 9: 1 000 ms chunks of webm audio, analyser size 256. */
export const RECORDING_TIMESLICE_MS = 1000;
export const RECORDING_FFT_SIZE = 256;
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; analyser: AnalyserNode }
  | { status: 'paused'; analyser: AnalyserNode };

export type RecorderCallbacks = {
  /** The recorder is about to capture a new recording (before the first chunk). */
  onStart?: (mimeType: string) => void;
  /** Each chunk as it arrives (about one per second), numbered from 0. */
  onChunk?: (chunk: Blob, seq: number) => void;
  /** The finished recording. Not called when the recorder is discarded (page left). */
  onStop: (recording: Blob) => void;
  /** Why recording could not start or stopped early, in words for the user. */
  onError?: (message: string) => void;
};

function describeRecordingError(error: unknown): string {
  switch (mediaErrorName(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
      return "Microphone access is blocked. Allow it in your browser's site settings, then try again.";
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'The selected microphone was not found. Connect it or choose another one.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be started. Close other apps that may be using it, then try again.';
    case 'NotSupportedError':
      return 'This browser cannot record audio. Use a recent version of Chrome, Edge, Firefox or Safari.';
    default:
      return 'Recording could not start. Please try again.';
  }
}

class RecordingUnsupportedError extends Error {
  override readonly name = 'NotSupportedError';
}

function pickMimeType(): string | undefined {
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

type Capture = {
  recorder: MediaRecorder;
  stream: MediaStream;
  context: AudioContext;
  /** False once the page is leaving: the recording is dropped, not handed over. */
  keep: boolean;
};

/**
 * Spec point 4 "Recording": idle → recording (1-second chunks, live analyser) → stopped (a webm
 * blob), with pause and resume. Changing the microphone while recording stops the recording.
 */
export function useRecorder(deviceId: string | null, callbacks: RecorderCallbacks) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const [elapsedMs, setElapsedMs] = useState(0);
  const capture = useRef<Capture | null>(null);
  const latest = useRef(callbacks);
  // Time recorded before the current run, and when the current run began (pauses excluded).
  const clock = useRef({ before: 0, since: 0 });

  useLayoutEffect(() => {
    latest.current = callbacks;
  });

  const release = useCallback((current: Capture) => {
    current.stream.getTracks().forEach((track) => track.stop());
    if (current.context.state !== 'closed') {
      current.context.close().catch((error: unknown) => {
        console.warn('Closing the audio context failed.', error);
      });
    }
  }, []);

  const stop = useCallback(() => {
    const current = capture.current;
    if (!current || current.recorder.state === 'inactive') return;
    current.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (capture.current) return;
    setState({ status: 'starting' });
    let stream: MediaStream | null = null;
    try {
      const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (
        typeof mediaDevices?.getUserMedia !== 'function' ||
        typeof MediaRecorder === 'undefined' ||
        typeof AudioContext === 'undefined'
      ) {
        throw new RecordingUnsupportedError('MediaRecorder or getUserMedia is missing');
      }
      stream = await mediaDevices.getUserMedia({
        audio: deviceId ? { deviceId: { exact: deviceId } } : true,
      });
      const mimeType = pickMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = RECORDING_FFT_SIZE;
      // Not connected to the speakers: the clinician would hear the room with a delay.
      context.createMediaStreamSource(stream).connect(analyser);
      const current: Capture = { recorder, stream, context, keep: true };
      capture.current = current;

      const chunks: Blob[] = [];
      let seq = 0;
      recorder.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        if (current.keep) latest.current.onChunk?.(event.data, seq);
        seq += 1;
      };
      recorder.onstop = () => {
        release(current);
        if (capture.current === current) capture.current = null;
        if (!current.keep) return;
        clock.current = { before: 0, since: 0 };
        setElapsedMs(0);
        setState({ status: 'idle' });
        const type = recorder.mimeType || mimeType || 'audio/webm';
        const recording = new Blob(chunks, { type });
        if (recording.size > 0) latest.current.onStop(recording);
      };
      recorder.onerror = (event) => {
        console.warn('The recorder failed.', event);
        latest.current.onError?.('Recording stopped unexpectedly. What was recorded is kept.');
        stop();
      };
      // An unplugged microphone ends the recording; what was captured is kept.
      stream.getAudioTracks().forEach((track) =>
        track.addEventListener('ended', () => {
          latest.current.onError?.('The microphone was disconnected, so recording stopped.');
          stop();
        }),
      );

      latest.current.onStart?.(recorder.mimeType || mimeType || 'audio/webm');
      recorder.start(RECORDING_TIMESLICE_MS);
      if (context.state === 'suspended') await context.resume();
      clock.current = { before: 0, since: Date.now() };
      setElapsedMs(0);
      setState({ status: 'recording', analyser });
    } catch (error) {
      stream?.getTracks().forEach((track) => track.stop());
      capture.current = null;
      // Spec point 8: microphone failures are logged only; the page says what to do.
      console.warn('Recording could not start.', error);
      setState({ status: 'idle' });
      latest.current.onError?.(describeRecordingError(error));
    }
  }, [deviceId, release, stop]);

  const pause = useCallback(() => {
    const current = capture.current;
    if (!current || current.recorder.state !== 'recording') return;
    current.recorder.pause();
    const { before, since } = clock.current;
    clock.current = { before: before + Date.now() - since, since: 0 };
    setState((previous) =>
      previous.status === 'recording'
        ? { status: 'paused', analyser: previous.analyser }
        : previous,
    );
  }, []);

  const resume = useCallback(() => {
    const current = capture.current;
    if (!current || current.recorder.state !== 'paused') return;
    current.recorder.resume();
    clock.current = { ...clock.current, since: Date.now() };
    setState((previous) =>
      previous.status === 'paused'
        ? { status: 'recording', analyser: previous.analyser }
        : previous,
    );
  }, []);

  // The running time, refreshed while recording.
  const recording = state.status === 'recording';
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => {
      const { before, since } = clock.current;
      setElapsedMs(before + (since ? Date.now() - since : 0));
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording]);

  // Spec point 4: changing the microphone while recording stops the recording (and keeps it).
  useEffect(() => stop(), [deviceId, stop]);

  // Leaving the page releases the microphone; the chunks already stored stay recoverable.
  useEffect(
    () => () => {
      const current = capture.current;
      if (!current) return;
      current.keep = false;
      capture.current = null;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    },
    [release],
  );

  return { state, elapsedMs, start, pause, resume, stop };
}
