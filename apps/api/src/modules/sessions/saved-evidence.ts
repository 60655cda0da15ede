import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { SavedEvidenceTask } from './saved-evidence.thread';

/** Running from TypeScript sources (tests, `npm run dev`): the thread loads them through tsx. */
const fromSources = import.meta.url.endsWith('.ts');
const THREAD_FILE = fileURLToPath(
  new URL(
    fromSources ? './saved-evidence.thread.ts' : './saved-evidence.thread.js',
    import.meta.url,
  ),
);

/** How long one save may spend aligning its notes' evidence before it saves without it. */
const SAVED_EVIDENCE_DEADLINE_MS = 10_000;

/**
 * Aligns the evidence of the notes of one save, each as its JSON text (what `sealEvidence`
 * seals); `null` for a note not done by the deadline.
 */
export type SavedEvidenceAligner = (
  tasks: SavedEvidenceTask[],
  options?: { deadlineMs?: number },
) => Promise<(string | null)[]>;

/**
 * The evidence of saved notes, aligned in worker threads (issue 23, finding 2: a 1 MB save
 * blocked every request for 3.5 s, a note of one sentence repeated for 36 s, while its evidence
 * was aligned on the event loop). At most `threads` notes are aligned at once, whoever saves; a
 * save whose alignment passes the deadline stops it (the thread is terminated) and saves those
 * notes without evidence: the note is the clinician's, the evidence only an aid.
 */
export function createSavedEvidenceAligner(options: { threads?: number } = {}): {
  align: SavedEvidenceAligner;
  close: () => Promise<void>;
} {
  const pool = new Piscina({
    filename: THREAD_FILE,
    minThreads: 0,
    maxThreads: Math.max(1, options.threads ?? Math.min(2, availableParallelism())),
    idleTimeout: 30_000,
    ...(fromSources ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  const align: SavedEvidenceAligner = async (tasks, { deadlineMs } = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error('deadline')),
      deadlineMs ?? SAVED_EVIDENCE_DEADLINE_MS,
    );
    try {
      return await Promise.all(
        tasks.map((task) =>
          (pool.run(task, { signal: controller.signal }) as Promise<string>).catch(
            (error: unknown) => {
              if (controller.signal.aborted) return null;
              throw error;
            },
          ),
        ),
      );
    } finally {
      clearTimeout(timer);
    }
  };
  return { align, close: () => pool.destroy() };
}

/** The transcript in shared memory, once per save. */
export function sharedTranscript(text: string): SharedArrayBuffer {
  const bytes = new TextEncoder().encode(text);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
