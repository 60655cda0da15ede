import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import type { NoteEvidence } from '@clerkly/contracts';
import { evidenceForSavedNote } from '../../engines/notes/evidence';

// On Linux a thread has its own nice value, and pid 0 is the calling thread: this thread yields
// the CPU to the event loop's (and to every request's), which must answer while it aligns. Only
// in a worker thread: this module loaded on the main thread (a type, a test) once reniced the
// whole server's event loop to 19, so on a busy machine the server itself starved (and its
// decoders, whose niceness is relative to it).
if (!isMainThread) {
  try {
    setPriority(19);
  } catch {
    // Not permitted or not supported: the thread still runs, at the normal priority.
  }
}

export interface SavedEvidenceTask {
  content: string;
  /**
   * The transcript as UTF-8 in memory shared by every note of the save: posted to the threads
   * without a copy each (a 300 000-character transcript cloned for 7 notes was 4 MB serialised
   * on the event loop per save).
   */
  transcript: SharedArrayBuffer;
  draft: NoteEvidence;
}

/**
 * Runs in a worker thread (saved-evidence.ts): one saved note's evidence, off the event loop, as
 * the JSON text that is sealed and stored (a string crosses back in one copy; thousands of
 * evidence objects would be rebuilt on the event loop).
 */
export default function alignInThread(task: SavedEvidenceTask): string {
  // TextDecoder does not read shared memory: a private copy, made here in the thread.
  const transcript = new TextDecoder().decode(new Uint8Array(task.transcript).slice());
  const evidence: NoteEvidence = evidenceForSavedNote(task.content, transcript, task.draft);
  return JSON.stringify(evidence);
}
