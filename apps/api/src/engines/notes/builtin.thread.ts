import { BuiltinNoteEngine } from './builtin.notes';
import { NoteEngineError, type GeneratedNote, type NoteRequest } from './note-engine';

/** What crosses back from the thread: the note, or an engine error's kind and safe message. */
export type ThreadResult =
  { note: GeneratedNote } | { error: { kind: NoteEngineError['kind']; message: string } };

const engine = new BuiltinNoteEngine();

/** Runs in a worker thread (threaded.notes.ts): the builtin engine off the event loop. */
export default async function generateInThread(request: NoteRequest): Promise<ThreadResult> {
  try {
    return { note: await engine.generate(request) };
  } catch (error) {
    if (error instanceof NoteEngineError) {
      return { error: { kind: error.kind, message: error.message } };
    }
    throw error;
  }
}
