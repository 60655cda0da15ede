import { concatPcm, mixToMono, resampledLength, wholeSeconds } from './pcm';
import { WAV_FILE_NAME, WAV_MIME_TYPE, WAV_SAMPLE_RATE, encodeWav, floatToPcm16 } from './wav';

/** The recording could not be turned into audio (empty, corrupt, or no Web Audio). */
export class AudioConversionError extends Error {
  override readonly name = 'AudioConversionError';
}

function channelsOf(buffer: AudioBuffer): Float32Array[] {
  return Array.from({ length: buffer.numberOfChannels }, (_, index) =>
    buffer.getChannelData(index),
  );
}

/**
 * One recording (webm/opus from MediaRecorder) as 16 kHz mono float samples. Decoding in an
 * OfflineAudioContext at 16 kHz already resamples in browsers that honour the context's rate;
 * otherwise an OfflineAudioContext render does it (and the downmix) explicitly.
 */
async function decodeToMono16k(recording: Blob): Promise<Float32Array> {
  if (typeof OfflineAudioContext === 'undefined') {
    throw new AudioConversionError('This browser cannot process audio (no Web Audio API).');
  }
  const bytes = await recording.arrayBuffer();
  if (bytes.byteLength === 0) return new Float32Array(0);
  let decoded: AudioBuffer;
  try {
    decoded = await new OfflineAudioContext(1, 1, WAV_SAMPLE_RATE).decodeAudioData(bytes);
  } catch (error) {
    throw new AudioConversionError('The recording could not be decoded.', { cause: error });
  }
  if (decoded.sampleRate === WAV_SAMPLE_RATE) return mixToMono(channelsOf(decoded));

  const length = resampledLength(decoded.length, decoded.sampleRate, WAV_SAMPLE_RATE);
  if (length === 0) return new Float32Array(0);
  const context = new OfflineAudioContext(1, length, WAV_SAMPLE_RATE);
  const source = context.createBufferSource();
  source.buffer = decoded;
  source.connect(context.destination);
  source.start();
  const rendered = await context.startRendering();
  return rendered.getChannelData(0);
}

export type ConvertedRecording = {
  /** `recording.wav`: 16-bit PCM, 16 kHz, mono. */
  file: File;
  durationSeconds: number;
};

/**
 * Every recording of the session, in order, merged into one WAV (spec point 4: "the new audio is
 * appended to the earlier audio (merged into one wav)").
 */
export async function recordingsToWav(recordings: readonly Blob[]): Promise<ConvertedRecording> {
  const parts: Int16Array[] = [];
  for (const recording of recordings) {
    parts.push(floatToPcm16(await decodeToMono16k(recording)));
  }
  const pcm = concatPcm(parts);
  if (pcm.length === 0) throw new AudioConversionError('The recording is empty.');
  return {
    file: new File([encodeWav(pcm, WAV_SAMPLE_RATE)], WAV_FILE_NAME, { type: WAV_MIME_TYPE }),
    durationSeconds: wholeSeconds(pcm.length, WAV_SAMPLE_RATE),
  };
}
