import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
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

/**
 * The hard cap on aligning one save's evidence, most of it in the background after the save has
 * answered (sessions.service.ts waits only `SAVE_WAITS_FOR_EVIDENCE_MS`): past it the thread is
 * stopped and those notes keep no evidence. Generous, since the nice-19 threads get only the CPU
 * everything else leaves: beside `stress-ng --cpu 2` no save's evidence was done within 10 s.
 */
const SAVED_EVIDENCE_DEADLINE_MS = 120_000;

/**
 * Aligns the evidence of the notes of one save, each as its JSON text (what `sealEvidence`
 * seals); `null` for a note not done by the deadline, once `signal` aborts, or when the threads
 * are closed.
 */
type SavedEvidenceAligner = (
  tasks: SavedEvidenceTask[],
  options?: { deadlineMs?: number; signal?: AbortSignal },
) => Promise<(string | null)[]>;

/** What a save needs of the evidence threads. */
export interface SavedEvidence {
  align: SavedEvidenceAligner;
  /**
   * Takes the work of a save that answered before its evidence was aligned: the evidence is
   * stored when it comes. The taker sees it through (a failure is logged, never unhandled).
   */
  finishInBackground: (sessionId: number, work: Promise<void>) => void;
}

/**
 * The evidence of saved notes, aligned in worker threads (issue 23, finding 2: a 1 MB save
 * blocked every request for 3.5 s, a note of one sentence repeated for 36 s, while its evidence
 * was aligned on the event loop). At most `threads` notes are aligned at once, whoever saves; an
 * alignment that passes the deadline is stopped (the thread is terminated) and those notes keep
 * no evidence: the note is the clinician's, the evidence only an aid.
 */
export function createSavedEvidenceAligner(options: {
  threads?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): SavedEvidence & { close: () => Promise<void> } {
  const pool = new Piscina({
    filename: THREAD_FILE,
    minThreads: 0,
    maxThreads: Math.max(1, options.threads ?? Math.min(2, availableParallelism())),
    idleTimeout: 30_000,
    ...(fromSources ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  let closed = false;
  const align: SavedEvidenceAligner = async (tasks, { deadlineMs, signal } = {}) => {
    const controller = new AbortController();
    const stop = signal ? AbortSignal.any([controller.signal, signal]) : controller.signal;
    const timer = setTimeout(
      () => controller.abort(new Error('deadline')),
      deadlineMs ?? SAVED_EVIDENCE_DEADLINE_MS,
    );
    try {
      return await Promise.all(
        tasks.map((task) =>
          (pool.run(task, { signal: stop }) as Promise<string>).catch((error: unknown) => {
            // Stopped on purpose (the deadline, the save, the server closing): no evidence.
            if (stop.aborted || closed) return null;
            throw error;
          }),
        ),
      );
    } finally {
      clearTimeout(timer);
    }
  };
  const background = new Set<Promise<void>>();
  const finishInBackground: SavedEvidence['finishInBackground'] = (sessionId, work) => {
    const finished = work
      .catch((error: unknown) => {
        // The error's name only: a thread's or the database's message could quote a note.
        options.log.warn(
          { sessionId, error: (error as Error)?.name },
          'Evidence aligned after its save could not be stored',
        );
      })
      .finally(() => background.delete(finished));
    background.add(finished);
  };
  return {
    align,
    finishInBackground,
    // The threads stop first: their alignments end without evidence, so what is left of the
    // background work is storing the evidence already aligned, done before the database closes
    // (the sessions routes' onClose runs before the database plugin's: children close first).
    close: async () => {
      closed = true;
      await pool.destroy();
      await Promise.all(background);
    },
  };
}

/** The transcript in shared memory, once per save. */
export function sharedTranscript(text: string): SharedArrayBuffer {
  const bytes = new TextEncoder().encode(text);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
