/**
 * Raw samples from the microphone (issue 9), through an AudioWorklet where the browser has one,
 * otherwise through the older ScriptProcessorNode. The Web Audio part of the segment pipeline;
 * the arithmetic (downsampling, cutting) is in `downsampler.ts` and `segmenter.ts`.
 */

export type PcmTap = {
  /** The rate of the samples handed over (the audio context's). */
  sampleRate: number;
  /**
   * Starts or stops handing samples over. Stopping resolves once the samples captured before it
   * were delivered, so a Pause or a Stop can close the segment on the very last sample.
   */
  setCapturing: (capturing: boolean) => Promise<void>;
  disconnect: () => void;
};

const WORKLET_URL = new URL('../worklets/pcm-capture.js', import.meta.url);
/** A worklet that stopped answering (closed context) must not hold Stop forever. */
const LAST_BLOCK_TIMEOUT_MS = 500;
const SCRIPT_PROCESSOR_BLOCK = 4096;

type LastBlockMessage = { samples: Float32Array; last: boolean };

/** Nodes are only processed when they lead to the speakers: through a muted gain, silently. */
function silentSink(context: AudioContext): GainNode {
  const mute = context.createGain();
  mute.gain.value = 0;
  mute.connect(context.destination);
  return mute;
}

async function workletTap(
  context: AudioContext,
  source: AudioNode,
  onSamples: (samples: Float32Array) => void,
): Promise<PcmTap> {
  await context.audioWorklet.addModule(WORKLET_URL);
  const node = new AudioWorkletNode(context, 'pcm-capture', { numberOfOutputs: 1 });
  const sink = silentSink(context);
  source.connect(node);
  node.connect(sink);
  let waiting: (() => void)[] = [];
  const release = () => {
    const resolvers = waiting;
    waiting = [];
    resolvers.forEach((resolve) => resolve());
  };
  node.port.onmessage = (event: MessageEvent<LastBlockMessage>) => {
    if (event.data.samples.length > 0) onSamples(event.data.samples);
    if (event.data.last) release();
  };
  return {
    sampleRate: context.sampleRate,
    setCapturing: (capturing) => {
      node.port.postMessage({ capturing });
      if (capturing) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(release, LAST_BLOCK_TIMEOUT_MS);
      });
    },
    disconnect: () => {
      release();
      node.port.onmessage = null;
      source.disconnect(node);
      node.disconnect();
      sink.disconnect();
    },
  };
}

function scriptProcessorTap(
  context: AudioContext,
  source: AudioNode,
  onSamples: (samples: Float32Array) => void,
): PcmTap {
  const channels = Math.max(1, Math.min(2, source.channelCount));
  const node = context.createScriptProcessor(SCRIPT_PROCESSOR_BLOCK, channels, 1);
  const sink = silentSink(context);
  let capturing = false;
  node.onaudioprocess = (event) => {
    if (!capturing) return;
    const { inputBuffer } = event;
    const mono = new Float32Array(inputBuffer.length);
    for (let channel = 0; channel < inputBuffer.numberOfChannels; channel += 1) {
      const data = inputBuffer.getChannelData(channel);
      for (let index = 0; index < mono.length; index += 1) {
        mono[index] = (mono[index] ?? 0) + (data[index] ?? 0) / inputBuffer.numberOfChannels;
      }
    }
    onSamples(mono);
  };
  source.connect(node);
  node.connect(sink);
  return {
    sampleRate: context.sampleRate,
    // Blocks arrive on the main thread: once off, nothing more is delivered.
    setCapturing: async (on) => {
      capturing = on;
    },
    disconnect: () => {
      node.onaudioprocess = null;
      source.disconnect(node);
      node.disconnect();
      sink.disconnect();
    },
  };
}

export async function createPcmTap(
  context: AudioContext,
  source: AudioNode,
  onSamples: (samples: Float32Array) => void,
): Promise<PcmTap> {
  if (typeof AudioWorkletNode !== 'undefined' && 'audioWorklet' in context) {
    try {
      return await workletTap(context, source, onSamples);
    } catch (error) {
      console.warn('The audio worklet could not start; using a script processor.', error);
    }
  }
  return scriptProcessorTap(context, source, onSamples);
}
