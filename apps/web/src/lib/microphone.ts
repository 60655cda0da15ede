// Opening, metering and releasing the microphone, shared by the mic test (Audio Check, the
// Create Notes welcome pop-up) and the recorder of Create Notes, so both ask for it, measure it
// and let it go the same way.

/** Spec point 9: the frequency analyser's size, for the mic test and the recording alike. */
const ANALYSER_FFT_SIZE = 256;

/** The states of a microphone being opened and measured, common to the mic test and recorder. */
export type MicrophoneState =
  { status: 'idle' } | { status: 'starting' } | { status: 'recording'; analyser: AnalyserNode };

/** The `name` of a media error (a DOMException such as `NotAllowedError`), or '' for others. */
export const mediaErrorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';

/** No getUserMedia or Web Audio (an insecure http:// origin or an old browser). */
class MicrophoneUnsupportedError extends Error {
  override readonly name = 'NotSupportedError';
}

/** The chosen microphone (the default one for `null`) as a stream to capture or measure. */
export async function openMicrophone(deviceId: string | null): Promise<MediaStream> {
  const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (typeof mediaDevices?.getUserMedia !== 'function' || typeof AudioContext !== 'function') {
    throw new MicrophoneUnsupportedError('getUserMedia or Web Audio is missing');
  }
  return mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true });
}

/**
 * An analyser measuring `source`, to draw its level from. Not connected to the speakers: the user
 * would hear the room with a delay.
 */
export function connectAnalyser(context: AudioContext, source: AudioNode): AnalyserNode {
  const analyser = context.createAnalyser();
  analyser.fftSize = ANALYSER_FFT_SIZE;
  source.connect(analyser);
  return analyser;
}

/** Lets the microphone go and closes its audio context (a failed close is only logged). */
export function releaseMicrophone({
  stream,
  context,
}: {
  stream: MediaStream;
  context: AudioContext;
}) {
  stream.getTracks().forEach((track) => track.stop());
  if (context.state !== 'closed') {
    context.close().catch((error: unknown) => {
      console.warn('Closing the audio context failed.', error);
    });
  }
}

/**
 * What the user can do about a microphone that would not open (spec point 8). A blocked or busy
 * microphone reads the same everywhere; the caller words the rest for what it was doing.
 */
export function describeMicrophoneError(
  error: unknown,
  say: { notFound: string; unsupported: string; other: string },
): string {
  switch (mediaErrorName(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
      return "Microphone access is blocked. Allow it in your browser's site settings, then try again.";
    case 'NotFoundError':
    case 'OverconstrainedError':
      return say.notFound;
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be started. Close other apps that may be using it, then try again.';
    case 'NotSupportedError':
      return say.unsupported;
    default:
      return say.other;
  }
}
