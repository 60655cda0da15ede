import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ThreadResult } from './builtin.thread';
import {
  NoteEngineError,
  type GenerateOptions,
  type GeneratedNote,
  type NoteEngine,
  type NoteRequest,
} from './note-engine';

/** Running from TypeScript sources (tests, `npm run dev`): the thread loads them through tsx. */
const fromSources = import.meta.url.endsWith('.ts');
const THREAD_FILE = fileURLToPath(
  new URL(fromSources ? './builtin.thread.ts' : './builtin.thread.js', import.meta.url),
);

/**
 * The builtin engine in worker threads (issues 9 and 11: "no request handler does unbounded CPU
 * work on the event loop"). It is CPU-bound and, on some inputs, slow; here it runs beside the
 * event loop, at most `threads` notes at once, and a note that takes longer than `timeoutMs` is
 * stopped by terminating its thread. The server keeps answering meanwhile.
 */
export class ThreadedNoteEngine implements NoteEngine {
  readonly name = 'builtin';
  private readonly pool: Piscina;

  constructor(options: { threads?: number; timeoutMs: number }) {
    this.timeoutMs = options.timeoutMs;
    this.pool = new Piscina({
      filename: THREAD_FILE,
      minThreads: 0,
      maxThreads: Math.max(1, options.threads ?? Math.min(2, availableParallelism())),
      idleTimeout: 60_000,
      ...(fromSources ? { execArgv: ['--import', 'tsx'] } : {}),
    });
  }

  private readonly timeoutMs: number;

  describe(): string {
    return 'builtin: offline note engine (no model weights), in worker threads';
  }

  async generate(input: NoteRequest, options: GenerateOptions = {}): Promise<GeneratedNote> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), this.timeoutMs);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const result = (await this.pool.run(input, { signal: controller.signal })) as ThreadResult;
      if ('error' in result) throw new NoteEngineError(result.error.kind, result.error.message);
      return result.note;
    } catch (error) {
      if (controller.signal.aborted && !options.signal?.aborted) {
        throw new NoteEngineError(
          'timeout',
          `The offline note engine did not finish within ${Math.round(this.timeoutMs / 1000)} s.`,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
