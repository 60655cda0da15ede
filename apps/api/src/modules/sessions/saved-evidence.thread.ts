import { setPriority } from 'node:os';
import type { NoteEvidence } from '@clerkly/contracts';
import { evidenceForSavedNote } from '../../engines/notes/evidence';

// On Linux a thread has its own nice value, and pid 0 is the calling thread: this thread yields
// the CPU to the event loop's (and to every request's), which must answer while it aligns.
try {
  setPriority(19);
} catch {
  // Not permitted or not supported: the thread still runs, at the normal priority.
}

export interface SavedEvidenceTask {
  content: string;
  transcript: string;
  draft: NoteEvidence;
}

/**
 * Runs in a worker thread (saved-evidence.ts): one saved note's evidence, off the event loop, as
 * the JSON text that is sealed and stored (a string crosses back in one copy; thousands of
 * evidence objects would be rebuilt on the event loop).
 */
export default function alignInThread(task: SavedEvidenceTask): string {
  const evidence: NoteEvidence = evidenceForSavedNote(task.content, task.transcript, task.draft);
  return JSON.stringify(evidence);
}
