import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MICROPHONE_STORAGE_KEY } from '../../../hooks/use-audio-devices';
import { createUser } from '../../../testing/data-generators';
import { mockApiAs } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const DEVICES = [
  { kind: 'audioinput', deviceId: 'default', label: 'Default - Built-in Microphone' },
  { kind: 'audioinput', deviceId: 'usb-mic', label: 'USB Microphone' },
  { kind: 'videoinput', deviceId: 'cam', label: 'Camera' },
  { kind: 'audiooutput', deviceId: 'default', label: 'Default - Speakers' },
  { kind: 'audiooutput', deviceId: 'headphones', label: 'Headphones' },
] as MediaDeviceInfo[];

function fakeStream() {
  const track = { stop: vi.fn(), addEventListener: vi.fn() };
  return { track, stream: { getTracks: () => [track], getAudioTracks: () => [track] } };
}

/** The browser's device API, replaced at its boundary (jsdom has none). */
function stubMediaDevices(getUserMedia: (constraints: MediaStreamConstraints) => Promise<unknown>) {
  const mediaDevices = {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => DEVICES),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
  return mediaDevices;
}

const contexts: FakeAudioContext[] = [];
class FakeAudioContext {
  state: AudioContextState = 'running';
  analyser = {
    fftSize: 2048,
    frequencyBinCount: 128,
    getByteFrequencyData: (levels: Uint8Array) => levels.fill(200),
  };
  source = { connect: vi.fn() };
  constructor() {
    contexts.push(this);
  }
  createAnalyser = () => this.analyser;
  createMediaStreamSource = () => this.source;
  resume = vi.fn(async () => {});
  close = vi.fn(async () => {
    this.state = 'closed';
  });
}

function stubCanvas() {
  const drawing = { fillStyle: '', clearRect: vi.fn(), fillRect: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    drawing as unknown as CanvasRenderingContext2D,
  );
  return drawing;
}

async function renderAudioCheck() {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  mockApiAs(createUser());
  const app = renderApp('/audio-check');
  await screen.findByRole('heading', { name: 'Audio Check', level: 1 });
  return app;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  contexts.length = 0;
});

describe('Audio Check', () => {
  it('lists speakers and microphones after asking permission, and shows Connected', async () => {
    const media = stubMediaDevices(async () => fakeStream().stream);
    const { user } = await renderAudioCheck();

    expect(await screen.findByText('Connected')).toBeVisible();
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole('combobox', { name: 'Speaker' })).toHaveValue('Default - Speakers');
    const microphone = screen.getByRole('combobox', { name: 'Microphone' });
    expect(microphone).toHaveValue('Default - Built-in Microphone');

    await user.click(microphone);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Default - Built-in Microphone',
      'USB Microphone',
    ]);
    await user.click(screen.getByRole('option', { name: 'USB Microphone' }));

    expect(microphone).toHaveValue('USB Microphone');
    // Remembered for the Create Notes welcome pop-up.
    expect(JSON.parse(localStorage.getItem(MICROPHONE_STORAGE_KEY) ?? '""')).toBe('usb-mic');
  });

  it('explains a blocked microphone, shows Not connected, and tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let allowed = false;
    stubMediaDevices(async () => {
      if (!allowed) throw new DOMException('Permission denied', 'NotAllowedError');
      return fakeStream().stream;
    });
    const { user } = await renderAudioCheck();

    expect(await screen.findByText('Microphone access is blocked')).toBeVisible();
    expect(screen.getByText('Not connected')).toBeVisible();
    expect(warn).toHaveBeenCalled();

    allowed = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Connected')).toBeVisible();
    expect(screen.queryByText('Microphone access is blocked')).toBeNull();
  });

  it('says so when the browser has no device API', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderAudioCheck();

    expect(await screen.findByText('Audio devices are not available')).toBeVisible();
    expect(screen.getByText('Not connected')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
  });

  it('draws live frequency bars from the chosen microphone until stopped', async () => {
    const { track, stream } = fakeStream();
    const media = stubMediaDevices(async () => stream);
    const drawing = stubCanvas();
    const { user } = await renderAudioCheck();
    await screen.findByText('Connected');

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));

    const stop = await screen.findByRole('button', { name: 'Stop Recording' });
    expect(media.getUserMedia).toHaveBeenLastCalledWith({
      audio: { deviceId: { exact: 'default' } },
    });
    const [context] = contexts;
    expect(context?.analyser.fftSize).toBe(256);
    expect(context?.source.connect).toHaveBeenCalledWith(context?.analyser);
    const canvas = screen.getByRole('img', { name: 'Microphone input level' });
    expect(canvas).toHaveAttribute('width', '200');
    expect(canvas).toHaveAttribute('height', '50');
    const heights = drawing.fillRect.mock.calls.map((call) => call[3] as number);
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.every((height) => height > 0)).toBe(true);

    await user.click(stop);

    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeVisible();
    expect(track.stop).toHaveBeenCalled();
    expect(context?.close).toHaveBeenCalled();
  });

  it('stops the test when the microphone changes', async () => {
    const { track, stream } = fakeStream();
    stubMediaDevices(async () => stream);
    stubCanvas();
    const { user } = await renderAudioCheck();
    await screen.findByText('Connected');
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('button', { name: 'Stop Recording' });

    await user.click(screen.getByRole('combobox', { name: 'Microphone' }));
    await user.click(screen.getByRole('option', { name: 'USB Microphone' }));

    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeVisible();
    expect(track.stop).toHaveBeenCalled();
  });

  it('shows a friendly message when the microphone cannot start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    stubMediaDevices(async () => {
      calls += 1;
      if (calls > 1) throw new DOMException('Device in use', 'NotReadableError');
      return fakeStream().stream;
    });
    const { user } = await renderAudioCheck();
    await screen.findByText('Connected');

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Microphone test unavailable')).toBeVisible();
    expect(alert).toHaveTextContent(/Close other apps that may be using it/);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
