import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SEGMENT_RULES } from '@clerkly/contracts';
import {
  connectAnalyser,
  describeMicrophoneError,
  openMicrophone,
  releaseMicrophone,
  type MicrophoneState,
} from '../../../lib/microphone';
import { Downsampler } from '../lib/downsampler';
import { createPcmTap, type PcmTap } from '../lib/pcm-tap';

export type RecorderState = MicrophoneState | { status: 'paused'; analyser: AnalyserNode };

export type RecorderCallbacks = {
  /** The recorder is about to capture a new recording (before the first samples). */
  onStart?: () => void;
  /** 16 kHz mono samples as they are captured, a few dozen times a second; none while paused. */
  onAudio: (samples: Float32Array) => void;
  /** Paused: every sample captured before the pause was handed over. */
  onPause?: () => void;
  /**
   * The recording ended (Stop, another microphone, a disconnected one); every sample was handed
   * over. Not called when the recorder is discarded (page left).
   */
  onStop: () => void;
  /** Why recording could not start or stopped early, in words for the user. */
  onError?: (message: string) => void;
};

const describeRecordingError = (error: unknown) =>
  describeMicrophoneError(error, {
    notFound: 'The selected microphone was not found. Connect it or choose another one.',
    unsupported:
      'This browser cannot record audio. Use a recent version of Chrome, Edge, Firefox or Safari.',
    other: 'Recording could not start. Please try again.',
  });

type Capture = {
  stream: MediaStream;
  context: AudioContext;
  tap: PcmTap | null;
  /** False once the page is leaving: the recording is dropped, not handed over. */
  keep: boolean;
  stopping: boolean;
};

/**
 * Spec point 4 "Recording": idle → recording (live analyser) → stopped, with pause and resume.
 * Changing the microphone while recording stops the recording. Issue 9: instead of webm chunks
 * the recorder hands over raw 16 kHz mono samples as they are captured, for the segmenter.
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
    current.tap?.disconnect();
    releaseMicrophone(current);
  }, []);

  const stop = useCallback(() => {
    const current = capture.current;
    if (!current || current.stopping) return;
    current.stopping = true;
    void (async () => {
      // The samples still on their way belong to the recording.
      await current.tap?.setCapturing(false);
      release(current);
      if (capture.current === current) capture.current = null;
      if (!current.keep) return;
      clock.current = { before: 0, since: 0 };
      setElapsedMs(0);
      setState({ status: 'idle' });
      latest.current.onStop();
    })();
  }, [release]);

  const start = useCallback(async () => {
    if (capture.current) return;
    setState({ status: 'starting' });
    let stream: MediaStream | null = null;
    let context: AudioContext | null = null;
    try {
      stream = await openMicrophone(deviceId);
      context = new AudioContext();
      const source = context.createMediaStreamSource(stream);
      const analyser = connectAnalyser(context, source);
      const current: Capture = { stream, context, tap: null, keep: true, stopping: false };
      capture.current = current;
      const downsampler = new Downsampler(context.sampleRate, SEGMENT_RULES.sampleRate);
      current.tap = await createPcmTap(context, source, (samples) => {
        if (current.keep) latest.current.onAudio(downsampler.process(samples));
      });
      // An unplugged microphone ends the recording; what was captured is kept.
      stream.getAudioTracks().forEach((track) =>
        track.addEventListener('ended', () => {
          latest.current.onError?.('The microphone was disconnected, so recording stopped.');
          stop();
        }),
      );

      latest.current.onStart?.();
      await current.tap.setCapturing(true);
      if (context.state === 'suspended') await context.resume();
      clock.current = { before: 0, since: Date.now() };
      setElapsedMs(0);
      setState({ status: 'recording', analyser });
    } catch (error) {
      stream?.getTracks().forEach((track) => track.stop());
      if (context && context.state !== 'closed') void context.close().catch(() => undefined);
      capture.current = null;
      // Spec point 8: microphone failures are logged only; the page says what to do.
      console.warn('Recording could not start.', error);
      setState({ status: 'idle' });
      latest.current.onError?.(describeRecordingError(error));
    }
  }, [deviceId, stop]);

  const pause = useCallback(() => {
    const current = capture.current;
    if (!current?.tap || current.stopping) return;
    const { before, since } = clock.current;
    if (!since) return;
    clock.current = { before: before + Date.now() - since, since: 0 };
    setState((previous) =>
      previous.status === 'recording'
        ? { status: 'paused', analyser: previous.analyser }
        : previous,
    );
    void current.tap.setCapturing(false).then(() => {
      if (current.keep && !current.stopping) latest.current.onPause?.();
    });
  }, []);

  const resume = useCallback(() => {
    const current = capture.current;
    if (!current?.tap || current.stopping || clock.current.since) return;
    void current.tap.setCapturing(true);
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

  // Leaving the page releases the microphone; the audio already stored stays recoverable.
  useEffect(
    () => () => {
      const current = capture.current;
      if (!current) return;
      current.keep = false;
      capture.current = null;
      release(current);
    },
    [release],
  );

  return { state, elapsedMs, start, pause, resume, stop };
}
