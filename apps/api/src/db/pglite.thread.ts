/**
 * The embedded database's own thread (issue 23, finding 2): PGlite is PostgreSQL compiled to
 * WebAssembly and runs synchronously in whatever thread holds it, so a 1 MB save held the
 * server's event loop, and every other request, for the whole write. Here it runs beside the
 * event loop and speaks PostgreSQL's wire protocol over the thread's message port, which
 * node-postgres on the main thread talks to as it talks to a PostgreSQL server
 * (`pglite-connection.ts`). One connection at a time: PGlite is one backend.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { FromPgliteThread, PgliteThreadOptions, ToPgliteThread } from './pglite-connection';

/**
 * PGlite's own start parameters plus a smaller buffer cache (issue 13). PGlite writes its whole
 * shared memory at start, so PostgreSQL's default 128 MB of shared_buffers (160 MB with the WAL
 * buffers) was resident for good: 294 → 161 MiB for PGlite alone on reopening a database. One
 * clinic's data is a few megabytes; the operating system's file cache still sits behind these.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
];

/**
 * A new embedded database starts from the build's initialised copy when there is one (issue 13):
 * copying it takes a fifth of the time initdb takes in WebAssembly. Without it (a run from
 * sources before any build), PGlite runs initdb as before.
 */
function initialisedCopy(dataDir: string, templateFile: string): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(templateFile) ? new Blob([readFileSync(templateFile)]) : undefined;
}

/** The client's Terminate message: the connection ends, the database stays open. */
const TERMINATE = 0x58;

const port = parentPort!;
const options = workerData as PgliteThreadOptions;
const send = (message: FromPgliteThread, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const template = options.dataDir
  ? initialisedCopy(options.dataDir, options.templateFile)
  : undefined;
const db = new PGlite({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(template ? { loadDataDir: template } : {}),
  startParams: PGLITE_START_PARAMS,
});

/** Per connection: the bytes that do not make a whole message yet, and whether it has started. */
const connections = new Map<number, { buffer: Buffer; started: boolean }>();
/** One message at a time, in the order they came, whichever connection sent them. */
let queue: Promise<void> = db.waitReady.then(
  () => send({ type: 'ready' }),
  (error: unknown) => {
    send({ type: 'failed', message: String(error) });
    // Nothing can be served: the thread ends, and its owner sees every query fail.
    process.exit(1);
  },
);
const enqueue = (connection: number | null, work: () => Promise<void>) => {
  queue = queue.then(work).catch((error: unknown) => {
    if (connection !== null) send({ type: 'error', connection, message: String(error) });
  });
};

/**
 * Splits the complete messages off the start of a connection's bytes; the rest waits for more.
 * A connection's first message (startup) has no type byte: its length comes first.
 */
function completeMessages(state: { buffer: Buffer; started: boolean }): Buffer[] {
  const messages: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const left = state.buffer.length - offset;
    const header = state.started ? 5 : 8;
    if (left < header) break;
    const length = state.started
      ? 1 + state.buffer.readInt32BE(offset + 1)
      : state.buffer.readInt32BE(offset);
    if (left < length) break;
    messages.push(state.buffer.subarray(offset, offset + length));
    offset += length;
    state.started = true;
  }
  state.buffer = state.buffer.subarray(offset);
  return messages;
}

async function run(connection: number, message: Buffer): Promise<void> {
  await db.execProtocolRawStream(new Uint8Array(message), {
    onRawData: (data) => {
      const copy = data.slice();
      send({ type: 'data', connection, bytes: copy }, [copy.buffer]);
    },
  });
}

/**
 * What a connection leaves must not reach the next one, as PostgreSQL ends a backend when its
 * client goes: an open transaction is rolled back, and its prepared statements, settings and
 * temporary tables are discarded (node-postgres prepares named statements once per connection,
 * and a new one would find the old one's name taken).
 */
async function endConnection(): Promise<void> {
  if (db.isInTransaction()) await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
}

port.on('message', (message: ToPgliteThread) => {
  switch (message.type) {
    case 'data': {
      const state = connections.get(message.connection) ?? {
        buffer: Buffer.alloc(0),
        started: false,
      };
      connections.set(message.connection, state);
      state.buffer = Buffer.concat([state.buffer, Buffer.from(message.bytes)]);
      for (const each of completeMessages(state)) {
        // Terminate ends the connection, not the database.
        if (each[0] === TERMINATE) continue;
        enqueue(message.connection, () => run(message.connection, each));
      }
      break;
    }
    case 'end':
      connections.delete(message.connection);
      enqueue(null, endConnection);
      break;
    case 'close':
      enqueue(null, async () => {
        try {
          await db.close();
        } finally {
          // Ends this thread only.
          process.exit(0);
        }
      });
      break;
  }
});
