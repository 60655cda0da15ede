import {
  AudioError,
  decodeAudio,
  type AudioInput,
  type DecodeOptions,
  type PcmAudio,
} from '../audio/decode-audio';
import { SpeechToTextError, type SpeechToTextErrorKind } from './speech-to-text';

/** Audio limits an engine applies before any work (issue 4: "over the size limit"). */
export interface AudioLimits {
  maxBytes?: number;
  maxDurationSeconds?: number;
  ffmpegPath?: string;
}

const KIND_BY_AUDIO_ERROR: Record<AudioError['kind'], SpeechToTextErrorKind> = {
  'bad-audio': 'bad-audio',
  'too-large': 'too-large',
  'decoder-unavailable': 'engine-unavailable',
  timeout: 'timeout',
};

/** Decodes to 16 kHz mono, speaking the engines' error language. */
export async function prepareAudio(
  audio: AudioInput,
  limits: AudioLimits,
  options: Pick<DecodeOptions, 'signal' | 'timeoutMs'>,
): Promise<PcmAudio> {
  try {
    return await decodeAudio(audio, { ...limits, ...options });
  } catch (error) {
    if (error instanceof AudioError) {
      throw new SpeechToTextError(KIND_BY_AUDIO_ERROR[error.kind], error.message, { cause: error });
    }
    throw error;
  }
}
