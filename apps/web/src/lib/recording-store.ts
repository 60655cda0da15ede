/**
 * The browser's copy of a session's recording, kept in IndexedDB until the server has it
 * (issues 5 and 9), so that a reload, a crashed tab or a dead network loses nothing.
 * Native IndexedDB, no library.
 *
 * - `sessions`: one record per patient session being recorded: its owner, what the page needs to
 *   resume it, how many segments were recorded (the next sequence number) and their length.
 * - `segments`: the segments cut so far and not yet acknowledged by the server (16 kHz WAV).
 * - `openSegments`: the segment being recorded, rewritten about once a second, so a crash loses
 *   at most that second; it becomes a segment when it is cut or when the session is recovered.
 *
 * Records carry the owner's id so that a recording is only ever offered back to the user who
 * made it. Where IndexedDB is missing (old browsers, some private modes, tests) every call
 * resolves without storing anything: recording and uploading still work, only the crash
 * protection is gone.
 */

const DB_NAME = 'clerkly-recordings';
/** Version 1 kept whole webm recordings chunk by chunk (before issue 9); they are dropped. */
const DB_VERSION = 2;
const SESSIONS = 'sessions';
const SEGMENTS = 'segments';
const OPEN_SEGMENTS = 'openSegments';
const BY_SESSION = 'bySession';

export type StoredSessionRecording<Context = unknown> = {
  sessionId: number;
  /** The user who recorded it. */
  owner: string;
  createdAt: number;
  updatedAt: number;
  /** Segments recorded so far: the next segment's sequence number. */
  segmentCount: number;
  /** Their audio length. */
  durationSeconds: number;
  /** What the caller needs to resume, e.g. the session and the patient. */
  context: Context;
};

export type StoredSegment = {
  sessionId: number;
  seq: number;
  /** 16 kHz mono 16-bit WAV. */
  audio: Blob;
  durationSeconds: number;
};

export type OpenSegment = {
  sessionId: number;
  seq: number;
  /** 16 kHz mono 16-bit samples captured so far. */
  samples: Int16Array;
};

export const isRecordingStoreAvailable = (): boolean => typeof indexedDB !== 'undefined';

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of Array.from(db.objectStoreNames)) {
        if (![SESSIONS, SEGMENTS, OPEN_SEGMENTS].includes(name)) db.deleteObjectStore(name);
      }
      if (!db.objectStoreNames.contains(SESSIONS)) {
        db.createObjectStore(SESSIONS, { keyPath: 'sessionId' });
      }
      if (!db.objectStoreNames.contains(SEGMENTS)) {
        const segments = db.createObjectStore(SEGMENTS, { keyPath: ['sessionId', 'seq'] });
        segments.createIndex(BY_SESSION, 'sessionId');
      }
      if (!db.objectStoreNames.contains(OPEN_SEGMENTS)) {
        const open = db.createObjectStore(OPEN_SEGMENTS, { keyPath: ['sessionId', 'seq'] });
        open.createIndex(BY_SESSION, 'sessionId');
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

/** Creates the session's record, or refreshes its context; counts already stored are kept. */
export async function saveSessionRecording<Context>(
  recording: Pick<
    StoredSessionRecording<Context>,
    'sessionId' | 'owner' | 'context' | 'segmentCount' | 'durationSeconds'
  >,
): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction(SESSIONS, 'readwrite');
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(recording.sessionId) as IDBRequest<StoredSessionRecording | undefined>;
  read.onsuccess = () => {
    const now = Date.now();
    const existing = read.result;
    sessions.put({
      ...recording,
      segmentCount: Math.max(recording.segmentCount, existing?.segmentCount ?? 0),
      durationSeconds: Math.max(recording.durationSeconds, existing?.durationSeconds ?? 0),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    } satisfies StoredSessionRecording<Context>);
  };
  await transactionDone(transaction);
}

/**
 * Keeps a segment that was just cut (it replaces the open copy of the same seq) and counts it on
 * its session.
 */
export async function storeSegment(segment: StoredSegment): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, SEGMENTS, OPEN_SEGMENTS], 'readwrite');
  transaction.objectStore(SEGMENTS).put(segment);
  transaction.objectStore(OPEN_SEGMENTS).delete([segment.sessionId, segment.seq]);
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(segment.sessionId) as IDBRequest<StoredSessionRecording | undefined>;
  read.onsuccess = () => {
    const session = read.result;
    if (!session || session.segmentCount > segment.seq) return;
    sessions.put({
      ...session,
      segmentCount: segment.seq + 1,
      durationSeconds: session.durationSeconds + segment.durationSeconds,
      updatedAt: Date.now(),
    } satisfies StoredSessionRecording);
  };
  await transactionDone(transaction);
}

/** Rewrites the copy of the segment being recorded. */
export async function saveOpenSegment(segment: OpenSegment): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, OPEN_SEGMENTS], 'readwrite');
  transaction.objectStore(OPEN_SEGMENTS).put(segment);
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(segment.sessionId) as IDBRequest<StoredSessionRecording | undefined>;
  read.onsuccess = () => {
    if (read.result) sessions.put({ ...read.result, updatedAt: Date.now() });
  };
  await transactionDone(transaction);
}

/** The server acknowledged the segment: the browser's copy goes. */
export async function deleteSegment(sessionId: number, seq: number): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction(SEGMENTS, 'readwrite');
  transaction.objectStore(SEGMENTS).delete([sessionId, seq]);
  await transactionDone(transaction);
}

/** The owner's session recordings, most recently recorded first. */
export async function listSessionRecordings<Context>(
  owner: string,
): Promise<StoredSessionRecording<Context>[]> {
  if (!isRecordingStoreAvailable()) return [];
  const db = await openDatabase();
  const all = await requestResult(
    db.transaction(SESSIONS).objectStore(SESSIONS).getAll() as IDBRequest<
      StoredSessionRecording<Context>[]
    >,
  );
  return all
    .filter((recording) => recording.owner === owner)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** A session's segments not acknowledged yet (in seq order), and its open segments. */
export async function loadUnsentAudio(
  sessionId: number,
): Promise<{ segments: StoredSegment[]; open: OpenSegment[] }> {
  if (!isRecordingStoreAvailable()) return { segments: [], open: [] };
  const db = await openDatabase();
  const transaction = db.transaction([SEGMENTS, OPEN_SEGMENTS]);
  const range = IDBKeyRange.only(sessionId);
  const segments = await requestResult(
    transaction.objectStore(SEGMENTS).index(BY_SESSION).getAll(range) as IDBRequest<
      StoredSegment[]
    >,
  );
  const open = await requestResult(
    transaction.objectStore(OPEN_SEGMENTS).index(BY_SESSION).getAll(range) as IDBRequest<
      OpenSegment[]
    >,
  );
  return {
    segments: segments.sort((a, b) => a.seq - b.seq),
    open: open.sort((a, b) => a.seq - b.seq),
  };
}

/** Forgets a session's recording: its record, its unsent segments and its open segment. */
export async function deleteSessionRecording(sessionId: number): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, SEGMENTS, OPEN_SEGMENTS], 'readwrite');
  transaction.objectStore(SESSIONS).delete(sessionId);
  for (const name of [SEGMENTS, OPEN_SEGMENTS]) {
    const store = transaction.objectStore(name);
    const cursor = store.index(BY_SESSION).openKeyCursor(IDBKeyRange.only(sessionId));
    cursor.onsuccess = () => {
      const current = cursor.result;
      if (!current) return;
      store.delete(current.primaryKey);
      current.continue();
    };
  }
  await transactionDone(transaction);
}
