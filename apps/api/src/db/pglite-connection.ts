import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Running from TypeScript sources (tests, `npm run dev`): the thread loads them through tsx. */
const fromSources = import.meta.url.endsWith('.ts');
const THREAD_FILE = fileURLToPath(
  new URL(fromSources ? './pglite.thread.ts' : './pglite.thread.js', import.meta.url),
);
const SOURCES_ENTRY = fileURLToPath(new URL('./pglite.thread.sources.cjs', import.meta.url));

export interface PgliteThreadOptions {
  /** Files under this folder, or in memory when null. */
  dataDir: string | null;
  /** The build's initialised, empty database, copied into a new data folder when it exists. */
  templateFile: string;
}

export type ToPgliteThread =
  | { type: 'data'; connection: number; bytes: Uint8Array }
  | { type: 'end'; connection: number }
  | { type: 'close' };

export type FromPgliteThread =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'data'; connection: number; bytes: Uint8Array }
  | { type: 'error'; connection: number; message: string };

/**
 * One client connection to the embedded database's thread, as node-postgres uses a socket
 * (its `stream` option): bytes written go to the thread, its answers are read back.
 */
class PgliteThreadStream extends Duplex {
  constructor(
    private readonly thread: PgliteThread,
    readonly connection: number,
  ) {
    super();
  }

  // node-postgres sets these on a TCP socket; a message port has no such options.
  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  // node-postgres lets an idle socket not hold the process open; the thread is ended by close().
  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  connect(): this {
    this.thread.ready.then(
      () => {
        if (this.thread.stopped) this.destroy(this.thread.stopped);
        else this.emit('connect');
      },
      (error: unknown) => this.destroy(error as Error),
    );
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    // Written to a thread that has stopped, a query would wait for an answer for ever.
    if (this.thread.stopped) return done(this.thread.stopped);
    this.thread.post({ type: 'data', connection: this.connection, bytes: new Uint8Array(chunk) });
    done();
  }

  override _final(done: (error?: Error) => void): void {
    this.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.thread.disconnect(this);
    done(error);
  }
}

/**
 * The embedded PGlite database in a worker thread (`pglite.thread.ts`, issue 23), reached through
 * node-postgres: `stream()` is a new connection for node-postgres's `stream` option.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly streams = new Map<number, PgliteThreadStream>();
  private nextConnection = 1;
  /** Why the thread is gone, once it is: every connection made or written to after fails. */
  stopped: Error | null = null;
  /** Settles when the database has opened (or failed to). */
  readonly ready: Promise<void>;
  private readonly exit: Promise<void>;

  constructor(options: PgliteThreadOptions) {
    this.worker = fromSources
      ? new Worker(SOURCES_ENTRY, {
          execArgv: ['--import', 'tsx'],
          workerData: { ...options, threadFile: THREAD_FILE },
        })
      : new Worker(THREAD_FILE, { workerData: options });
    let opened: () => void;
    let failed: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    // A failure to open is seen by the first query, not as an unhandled rejection here.
    this.ready.catch(() => undefined);
    this.worker.on('message', (message: FromPgliteThread) => {
      switch (message.type) {
        case 'ready':
          opened();
          break;
        case 'failed':
          failed(new Error(`the embedded database did not open: ${message.message}`));
          break;
        case 'data':
          this.streams.get(message.connection)?.push(Buffer.from(message.bytes));
          break;
        case 'error':
          this.streams
            .get(message.connection)
            ?.destroy(new Error(`the embedded database failed: ${message.message}`));
          break;
      }
    });
    this.exit = new Promise((resolve) => {
      const ended = (error?: Error) => {
        if (!this.stopped) {
          this.stopped = error ?? new Error('the embedded database thread has stopped');
          failed(this.stopped);
          for (const stream of this.streams.values()) stream.destroy(this.stopped);
        }
        resolve();
      };
      this.worker.once('error', ended);
      this.worker.once('exit', () => ended());
    });
  }

  stream(): Duplex {
    const stream = new PgliteThreadStream(this, this.nextConnection++);
    this.streams.set(stream.connection, stream);
    return stream;
  }

  post(message: ToPgliteThread): void {
    if (!this.stopped) this.worker.postMessage(message);
  }

  disconnect(stream: PgliteThreadStream): void {
    if (this.streams.delete(stream.connection)) {
      this.post({ type: 'end', connection: stream.connection });
    }
  }

  /** Closes the database (its files written) and ends the thread. */
  async close(): Promise<void> {
    this.post({ type: 'close' });
    await this.exit;
  }
}
