import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { mediaErrorName } from '../lib/microphone';

type AudioDeviceKind = 'audioinput' | 'audiooutput';

/** Spec point 3 "Audio device". */
export type AudioDevice = { deviceId: string; label: string; kind: AudioDeviceKind };

/**
 * - `loading`: asking for microphone permission and listing devices
 * - `ready`: listed (possibly with no microphone plugged in)
 * - `denied`: microphone permission refused, so devices cannot be used or named
 * - `unsupported`: no device API (an insecure http:// origin or an old browser)
 * - `error`: the browser failed to list devices
 */
type AudioDevicesStatus = 'loading' | 'ready' | 'denied' | 'unsupported' | 'error';

type DeviceListing = {
  status: AudioDevicesStatus;
  microphones: AudioDevice[];
  speakers: AudioDevice[];
};

export type AudioDevices = DeviceListing & {
  /** The chosen microphone, or the system default / first one; `null` when there is none. */
  microphoneId: string | null;
  speakerId: string | null;
  /** True when a usable microphone is selected (the "Connected" badge of spec point 2). */
  microphoneConnected: boolean;
  selectMicrophone: (deviceId: string) => void;
  selectSpeaker: (deviceId: string) => void;
  /** Asks for permission and lists the devices again, e.g. after the user unblocked the site. */
  refresh: () => void;
};

/** Where the choices are kept, so Audio Check and the Create Notes welcome pop-up agree. */
export const MICROPHONE_STORAGE_KEY = 'clerkly:microphone';
const SPEAKER_STORAGE_KEY = 'clerkly:speaker';

const NO_DEVICES: Omit<DeviceListing, 'status'> = { microphones: [], speakers: [] };

function toAudioDevices(devices: MediaDeviceInfo[], kind: AudioDeviceKind, fallback: string) {
  const seen = new Set<string>();
  const result: AudioDevice[] = [];
  for (const device of devices) {
    // Without permission browsers list placeholders with an empty id: not selectable.
    if (device.kind !== kind || device.deviceId === '' || seen.has(device.deviceId)) continue;
    seen.add(device.deviceId);
    result.push({
      deviceId: device.deviceId,
      label: device.label || `${fallback} ${result.length + 1}`,
      kind,
    });
  }
  return result;
}

/**
 * Lists microphones and speakers. Browsers hide device names until the site may use the
 * microphone, so permission is asked first (and the stream released at once).
 */
async function readAudioDevices(askPermission: boolean): Promise<DeviceListing> {
  const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (typeof mediaDevices?.enumerateDevices !== 'function') {
    console.warn('Audio devices cannot be listed: navigator.mediaDevices is not available.');
    return { status: 'unsupported', ...NO_DEVICES };
  }

  let status: AudioDevicesStatus = 'ready';
  if (askPermission && typeof mediaDevices.getUserMedia === 'function') {
    try {
      const stream = await mediaDevices.getUserMedia({ audio: true });
      stream.getTracks().forEach((track) => track.stop());
    } catch (error) {
      // Spec point 8: device failures are logged only; the page shows a friendly state.
      console.warn('Microphone permission or device unavailable.', error);
      const name = mediaErrorName(error);
      if (name === 'NotAllowedError' || name === 'SecurityError') status = 'denied';
      // NotFoundError: no microphone at all, which the empty list below already says.
      else if (name !== 'NotFoundError' && name !== 'OverconstrainedError') status = 'error';
    }
  }

  const devices = await mediaDevices.enumerateDevices();
  return {
    status,
    microphones: toAudioDevices(devices, 'audioinput', 'Microphone'),
    speakers: toAudioDevices(devices, 'audiooutput', 'Speaker'),
  };
}

/** The stored choice while that device is present, else the system default, else the first. */
function pickDevice(devices: AudioDevice[], stored: string): string | null {
  if (devices.some((device) => device.deviceId === stored)) return stored;
  return (
    devices.find((device) => device.deviceId === 'default')?.deviceId ??
    devices[0]?.deviceId ??
    null
  );
}

/** Microphones and speakers of this computer, with the user's choice remembered. */
export function useAudioDevices(): AudioDevices {
  const [listing, setListing] = useState<DeviceListing>({ status: 'loading', ...NO_DEVICES });
  const [attempt, setAttempt] = useState(0);
  const [storedMicrophone, setStoredMicrophone] = useLocalStorage({
    key: MICROPHONE_STORAGE_KEY,
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  const [storedSpeaker, setStoredSpeaker] = useLocalStorage({
    key: SPEAKER_STORAGE_KEY,
    defaultValue: '',
    getInitialValueInEffect: false,
  });

  useEffect(() => {
    let active = true;
    const load = (askPermission: boolean) =>
      readAudioDevices(askPermission).then(
        (next) => {
          if (!active) return;
          // A plugged-in device does not lift a refused permission.
          setListing((previous) =>
            !askPermission && previous.status === 'denied' ? { ...next, status: 'denied' } : next,
          );
        },
        (error: unknown) => {
          console.warn('Audio devices could not be listed.', error);
          if (active) setListing({ status: 'error', ...NO_DEVICES });
        },
      );

    void load(true);
    const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const onDeviceChange = () => void load(false);
    mediaDevices?.addEventListener?.('devicechange', onDeviceChange);
    return () => {
      active = false;
      mediaDevices?.removeEventListener?.('devicechange', onDeviceChange);
    };
  }, [attempt]);

  const refresh = useCallback(() => {
    setListing((previous) => ({ ...previous, status: 'loading' }));
    setAttempt((count) => count + 1);
  }, []);

  const microphoneId = pickDevice(listing.microphones, storedMicrophone);
  const speakerId = pickDevice(listing.speakers, storedSpeaker);

  return {
    ...listing,
    microphoneId,
    speakerId,
    microphoneConnected: listing.status === 'ready' && microphoneId !== null,
    selectMicrophone: setStoredMicrophone,
    selectSpeaker: setStoredSpeaker,
    refresh,
  };
}
