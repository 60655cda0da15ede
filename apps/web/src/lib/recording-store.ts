/**
 * Recordings kept in the browser's IndexedDB while they are made, one chunk at a time, so that a
 * reload or a crashed tab does not lose a consultation (issue 5, ARCHITECTURE "The session
 * pipeline"). Native IndexedDB, no library.
 *
 * A recording has parts (each Start → Stop of the recorder is one part: one webm stream) and each
 * part has chunks in arrival order. Records carry the owner's id so that a recording is only ever
 * offered back to the user who made it.
 *
 * Where IndexedDB is missing (old browsers, some private modes, tests) every call resolves
 * without storing anything: recording still works, only the crash protection is gone.
 */

const DB_NAME = 'clerkly-recordings';
const DB_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';
const BY_RECORDING = 'byRecording';

export type StoredRecording<Context = unknown> = {
  id: string;
  /** The user who recorded it. */
  owner: string;
  createdAt: number;
  updatedAt: number;
  mimeType: string;
  /** Chunks stored so far (about one per second). */
  chunkCount: number;
  /** What the caller needs to resume, e.g. the session it belongs to. */
  context: Context;
};

type StoredChunk = {
  key?: number;
  recordingId: string;
  part: number;
  seq: number;
  data: Blob;
};

export const isRecordingStoreAvailable = (): boolean => typeof indexedDB !== 'undefined';

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(RECORDINGS)) {
        db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      }
      if (!db.objectStoreNames.contains(CHUNKS)) {
        const chunks = db.createObjectStore(CHUNKS, { keyPath: 'key', autoIncrement: true });
        chunks.createIndex(BY_RECORDING, 'recordingId');
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema: let it, and reopen next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
    request.onblocked = () => console.warn('The recordings database is blocked by another tab.');
  });
  return opening;
}

const requestResult = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const transactionDone = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });

export async function createStoredRecording<Context>(
  recording: Omit<StoredRecording<Context>, 'createdAt' | 'updatedAt' | 'chunkCount'>,
): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction(RECORDINGS, 'readwrite');
  const now = Date.now();
  transaction
    .objectStore(RECORDINGS)
    .put({ ...recording, createdAt: now, updatedAt: now, chunkCount: 0 });
  await transactionDone(transaction);
}

/** Appends one chunk to a part of a recording, and counts it on the recording. */
export async function appendRecordingChunk(
  recordingId: string,
  part: number,
  seq: number,
  data: Blob,
): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
  const chunk: StoredChunk = { recordingId, part, seq, data };
  transaction.objectStore(CHUNKS).add(chunk);
  const recordings = transaction.objectStore(RECORDINGS);
  const read = recordings.get(recordingId) as IDBRequest<StoredRecording | undefined>;
  read.onsuccess = () => {
    const recording = read.result;
    if (recording) {
      recordings.put({
        ...recording,
        chunkCount: recording.chunkCount + 1,
        updatedAt: Date.now(),
      });
    }
  };
  await transactionDone(transaction);
}

/** The owner's stored recordings, newest first. */
export async function listStoredRecordings<Context>(
  owner: string,
): Promise<StoredRecording<Context>[]> {
  if (!isRecordingStoreAvailable()) return [];
  const db = await openDatabase();
  const all = await requestResult(
    db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll() as IDBRequest<
      StoredRecording<Context>[]
    >,
  );
  return all
    .filter((recording) => recording.owner === owner)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The parts of a recording, each one playable blob (its chunks joined in order). */
export async function loadRecordingParts(recordingId: string): Promise<Blob[]> {
  if (!isRecordingStoreAvailable()) return [];
  const db = await openDatabase();
  const transaction = db.transaction([RECORDINGS, CHUNKS]);
  const recording = await requestResult(
    transaction.objectStore(RECORDINGS).get(recordingId) as IDBRequest<StoredRecording | undefined>,
  );
  const chunks = await requestResult(
    transaction
      .objectStore(CHUNKS)
      .index(BY_RECORDING)
      .getAll(IDBKeyRange.only(recordingId)) as IDBRequest<StoredChunk[]>,
  );
  const parts = new Map<number, StoredChunk[]>();
  for (const chunk of chunks) parts.set(chunk.part, [...(parts.get(chunk.part) ?? []), chunk]);
  const type = recording?.mimeType ?? 'audio/webm';
  return [...parts.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([, partChunks]) =>
        new Blob(
          partChunks.sort((a, b) => a.seq - b.seq).map((chunk) => chunk.data),
          { type },
        ),
    );
}

export async function deleteStoredRecording(recordingId: string): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
  transaction.objectStore(RECORDINGS).delete(recordingId);
  const chunks = transaction.objectStore(CHUNKS).index(BY_RECORDING);
  const cursor = chunks.openKeyCursor(IDBKeyRange.only(recordingId));
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (!current) return;
    transaction.objectStore(CHUNKS).delete(current.primaryKey);
    current.continue();
  };
  await transactionDone(transaction);
}
