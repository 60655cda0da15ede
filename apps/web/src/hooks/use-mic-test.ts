import { useCallback, useEffect, useRef, useState } from 'react';
import {
  connectAnalyser,
  describeMicrophoneError,
  openMicrophone,
  releaseMicrophone,
  type MicrophoneState,
} from '../lib/microphone';

export type MicTestState = MicrophoneState | { status: 'error'; message: string };

const describeMicTestError = (error: unknown) =>
  describeMicrophoneError(error, {
    notFound:
      'The selected microphone was not found. Connect it or choose another one, then try again.',
    unsupported:
      'This browser cannot test the microphone. Use a recent version of Chrome, Edge, Firefox or Safari.',
    other: 'The microphone test could not start. Please try again.',
  });

type Session = { stream: MediaStream; context: AudioContext };

/**
 * Live microphone input for the mic test (spec point 2 "Mic Test"): opens the chosen microphone
 * and exposes an AnalyserNode to draw from. Nothing is recorded or sent anywhere.
 */
export function useMicTest(deviceId: string | null) {
  const [state, setState] = useState<MicTestState>({ status: 'idle' });
  const session = useRef<Session | null>(null);
  // Each start/stop bumps it, so a start that resolves after a stop does not come back to life.
  const generation = useRef(0);

  const release = useCallback(() => {
    generation.current += 1;
    const current = session.current;
    session.current = null;
    if (current) releaseMicrophone(current);
  }, []);

  const stop = useCallback(() => {
    release();
    setState({ status: 'idle' });
  }, [release]);

  const start = useCallback(async () => {
    release();
    const run = generation.current;
    setState({ status: 'starting' });
    try {
      const stream = await openMicrophone(deviceId);
      if (run !== generation.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const context = new AudioContext();
      session.current = { stream, context };
      const analyser = connectAnalyser(context, context.createMediaStreamSource(stream));
      // A device that disappears mid-test (unplugged headset) ends the test with a reason.
      stream.getAudioTracks().forEach((track) =>
        track.addEventListener('ended', () => {
          if (run !== generation.current) return;
          release();
          console.warn('The microphone stopped during the test.');
          setState({
            status: 'error',
            message: 'The microphone was disconnected. Connect it or choose another one.',
          });
        }),
      );
      if (context.state === 'suspended') await context.resume();
      if (run !== generation.current) return;
      setState({ status: 'recording', analyser });
    } catch (error) {
      if (run !== generation.current) return;
      release();
      // Spec point 8: microphone failures are logged only (as a warning: not an app error).
      console.warn('The microphone test could not start.', error);
      setState({ status: 'error', message: describeMicTestError(error) });
    }
  }, [deviceId, release]);

  // Spec point 4: changing the microphone while recording stops the recording. Leaving the
  // page (or closing the pop-up) releases the microphone too.
  useEffect(() => () => stop(), [deviceId, stop]);

  return { state, start, stop };
}
