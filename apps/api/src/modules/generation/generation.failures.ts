import { AudioError } from '../../engines/audio/decode-audio';
import { NoteEngineError } from '../../engines/notes/note-engine';
import { SpeechToTextError } from '../../engines/stt/speech-to-text';

/** Messages the clinician sees on a failed generation (never an engine's internals). */
export const FAILURE = {
  transcription:
    'Part of the recording could not be transcribed. Your recording is kept on the server: try again.',
  noSpeech: 'No speech was heard in the recording.',
  note: 'A note could not be written. Try again.',
};

/** A failure of ours or of an engine (retries used up); any other failure is the input's. */
export const isServerFailure = (message: string): boolean =>
  message === FAILURE.transcription || message === FAILURE.note;

/** Input no retry will fix: fail now with the engine's own (safe) message. */
export const isPermanent = (error: unknown): error is Error =>
  (error instanceof SpeechToTextError && error.kind === 'bad-audio') ||
  (error instanceof AudioError && error.kind === 'bad-audio') ||
  (error instanceof NoteEngineError && error.kind === 'bad-input');
