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
 * made it. Audio and context (the patient's name) are encrypted at rest (issue 11) with AES-GCM
 * under a key made non-extractable by WebCrypto and kept, as a CryptoKey, in the `keys` store:
 * the browser can use it but no script can read it out, and the files IndexedDB writes to disk
 * hold only ciphertext. Sign-out deletes every recording and the key (`clearRecordings`). Where IndexedDB is missing (old browsers, some private modes, tests) every call
 * resolves without storing anything: recording and uploading still work, only the crash
 * protection is gone.
 */
import { SEGMENT_RULES } from '@clerkly/contracts';

const DB_NAME = 'clerkly-recordings';
/**
 * Version 1 kept whole webm recordings chunk by chunk (before issue 9); they are dropped.
 * Version 3 adds the key store; version 2's clear-text records are dropped with it.
 */
const DB_VERSION = 3;
const KEYS = 'keys';
const RECORDING_KEY_ID = 'recordings';
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
  /**
   * All the audio kept, the segment still being recorded included: what a recovery would
   * bring back (issue 26: the offer and the recovered page say the same length).
   */
  recordedSeconds: number;
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

const isRecordingStoreAvailable = (): boolean => typeof indexedDB !== 'undefined';

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of Array.from(db.objectStoreNames)) {
        if (![SESSIONS, SEGMENTS, OPEN_SEGMENTS, KEYS].includes(name)) db.deleteObjectStore(name);
      }
      // Records of version 2 are in clear text: they go rather than stay readable on disk.
      if (request.transaction && !db.objectStoreNames.contains(KEYS)) {
        for (const name of [SESSIONS, SEGMENTS, OPEN_SEGMENTS]) {
          if (db.objectStoreNames.contains(name)) request.transaction.objectStore(name).clear();
        }
      }
      if (!db.objectStoreNames.contains(KEYS)) db.createObjectStore(KEYS);
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

/** Ciphertext as stored: AES-GCM with a fresh 96-bit IV per record. */
type Sealed = { iv: Uint8Array; data: ArrayBuffer };

type SessionRecord = Omit<StoredSessionRecording, 'context' | 'recordedSeconds'> & {
  context: Sealed;
  /** The segment being recorded: its number and its length at its last copy. */
  openSeq?: number;
  openSeconds?: number;
};
type SegmentRecord = Omit<StoredSegment, 'audio'> & { audio: Sealed; audioType: string };
type OpenSegmentRecord = Omit<OpenSegment, 'samples'> & { samples: Sealed };

let recordingKey: Promise<CryptoKey> | null = null;

/** The recordings key, made on first use; tabs racing to make it all end up with the stored one. */
function getRecordingKey(): Promise<CryptoKey> {
  recordingKey ??= (async () => {
    const db = await openDatabase();
    const stored = await requestResult(
      db.transaction(KEYS).objectStore(KEYS).get(RECORDING_KEY_ID) as IDBRequest<
        CryptoKey | undefined
      >,
    );
    if (stored) return stored;
    // Non-extractable: exportKey refuses it, so not even this page's scripts can read it out.
    const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const transaction = db.transaction(KEYS, 'readwrite');
    const keys = transaction.objectStore(KEYS);
    let chosen = fresh;
    const read = keys.get(RECORDING_KEY_ID) as IDBRequest<CryptoKey | undefined>;
    read.onsuccess = () => {
      if (read.result) chosen = read.result;
      else keys.put(fresh, RECORDING_KEY_ID);
    };
    await transactionDone(transaction);
    return chosen;
  })().catch((error: unknown) => {
    recordingKey = null;
    throw error;
  });
  return recordingKey;
}

async function seal(bytes: BufferSource): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await getRecordingKey(), bytes);
  return { iv, data };
}

/** The plain bytes, or null when they cannot be opened (e.g. sealed under a key since deleted). */
async function unseal(sealed: Sealed | undefined): Promise<ArrayBuffer | null> {
  if (!sealed?.iv || !sealed.data) return null;
  try {
    return await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer> },
      await getRecordingKey(),
      sealed.data,
    );
  } catch {
    return null;
  }
}

const sealJson = (value: unknown) => seal(new TextEncoder().encode(JSON.stringify(value)));

async function unsealJson(sealed: Sealed | undefined): Promise<unknown> {
  const bytes = await unseal(sealed);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** Creates the session's record, or refreshes its context; counts already stored are kept. */
export async function saveSessionRecording<Context>(
  recording: Pick<
    StoredSessionRecording<Context>,
    'sessionId' | 'owner' | 'context' | 'segmentCount' | 'durationSeconds'
  >,
): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  // Sealed before the transaction opens: an await inside one would let it commit early.
  const context = await sealJson(recording.context);
  const db = await openDatabase();
  const transaction = db.transaction(SESSIONS, 'readwrite');
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(recording.sessionId) as IDBRequest<SessionRecord | undefined>;
  read.onsuccess = () => {
    const now = Date.now();
    const existing = read.result;
    sessions.put({
      ...recording,
      context,
      openSeq: existing?.openSeq,
      openSeconds: existing?.openSeconds,
      segmentCount: Math.max(recording.segmentCount, existing?.segmentCount ?? 0),
      durationSeconds: Math.max(recording.durationSeconds, existing?.durationSeconds ?? 0),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    } satisfies SessionRecord);
  };
  await transactionDone(transaction);
}

/**
 * Keeps a segment that was just cut (it replaces the open copy of the same seq) and counts it on
 * its session.
 */
export async function storeSegment(segment: StoredSegment): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const audio = await seal(await segment.audio.arrayBuffer());
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, SEGMENTS, OPEN_SEGMENTS], 'readwrite');
  transaction.objectStore(SEGMENTS).put({
    sessionId: segment.sessionId,
    seq: segment.seq,
    durationSeconds: segment.durationSeconds,
    audio,
    audioType: segment.audio.type,
  } satisfies SegmentRecord);
  transaction.objectStore(OPEN_SEGMENTS).delete([segment.sessionId, segment.seq]);
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(segment.sessionId) as IDBRequest<SessionRecord | undefined>;
  read.onsuccess = () => {
    const session = read.result;
    if (!session || session.segmentCount > segment.seq) return;
    sessions.put({
      ...session,
      segmentCount: segment.seq + 1,
      durationSeconds: session.durationSeconds + segment.durationSeconds,
      updatedAt: Date.now(),
    } satisfies SessionRecord);
  };
  await transactionDone(transaction);
}

/** Rewrites the copy of the segment being recorded. */
export async function saveOpenSegment(segment: OpenSegment): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  // A copy: the caller's array may sit on a shared or larger buffer.
  const samples = await seal(new Int16Array(segment.samples));
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, OPEN_SEGMENTS], 'readwrite');
  transaction.objectStore(OPEN_SEGMENTS).put({
    sessionId: segment.sessionId,
    seq: segment.seq,
    samples,
  } satisfies OpenSegmentRecord);
  const sessions = transaction.objectStore(SESSIONS);
  const read = sessions.get(segment.sessionId) as IDBRequest<SessionRecord | undefined>;
  read.onsuccess = () => {
    if (!read.result) return;
    sessions.put({
      ...read.result,
      openSeq: segment.seq,
      openSeconds: segment.samples.length / SEGMENT_RULES.sampleRate,
      updatedAt: Date.now(),
    } satisfies SessionRecord);
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
    db.transaction(SESSIONS).objectStore(SESSIONS).getAll() as IDBRequest<SessionRecord[]>,
  );
  const mine = all.filter((recording) => recording.owner === owner);
  const opened = await Promise.all(
    // A context that cannot be opened comes back undefined: callers validate it anyway.
    mine.map(async ({ openSeq, openSeconds, ...recording }) => ({
      ...recording,
      // An open copy older than the last segment cut was replaced by that segment.
      recordedSeconds:
        recording.durationSeconds +
        (openSeq !== undefined && openSeq >= recording.segmentCount ? (openSeconds ?? 0) : 0),
      context: (await unsealJson(recording.context)) as Context,
    })),
  );
  return opened.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** A session's segments not acknowledged yet (in seq order), and its open segments. */
export async function loadUnsentAudio(
  sessionId: number,
): Promise<{ segments: StoredSegment[]; open: OpenSegment[] }> {
  if (!isRecordingStoreAvailable()) return { segments: [], open: [] };
  const db = await openDatabase();
  const transaction = db.transaction([SEGMENTS, OPEN_SEGMENTS]);
  const range = IDBKeyRange.only(sessionId);
  const sealedSegments = requestResult(
    transaction.objectStore(SEGMENTS).index(BY_SESSION).getAll(range) as IDBRequest<
      SegmentRecord[]
    >,
  );
  const sealedOpen = requestResult(
    transaction.objectStore(OPEN_SEGMENTS).index(BY_SESSION).getAll(range) as IDBRequest<
      OpenSegmentRecord[]
    >,
  );
  const [segmentRecords, openRecords] = await Promise.all([sealedSegments, sealedOpen]);
  // A record that cannot be opened is skipped: it is unusable, and the rest is still worth having.
  const segments = (
    await Promise.all(
      segmentRecords.map(async ({ audio, audioType, ...rest }) => {
        const bytes = await unseal(audio);
        return bytes
          ? ({ ...rest, audio: new Blob([bytes], { type: audioType }) } satisfies StoredSegment)
          : null;
      }),
    )
  ).filter((segment): segment is StoredSegment => segment !== null);
  const open = (
    await Promise.all(
      openRecords.map(async ({ samples, ...rest }): Promise<OpenSegment | null> => {
        const bytes = await unseal(samples);
        return bytes ? { ...rest, samples: new Int16Array(bytes) } : null;
      }),
    )
  ).filter((segment): segment is OpenSegment => segment !== null);
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

/**
 * Sign-out (issue 11): every recording of this browser goes, and the key with it, so nothing
 * recorded before can be opened again, even from a copy of the files.
 */
export async function clearRecordings(): Promise<void> {
  if (!isRecordingStoreAvailable()) return;
  const db = await openDatabase();
  const transaction = db.transaction([SESSIONS, SEGMENTS, OPEN_SEGMENTS, KEYS], 'readwrite');
  for (const name of [SESSIONS, SEGMENTS, OPEN_SEGMENTS, KEYS])
    transaction.objectStore(name).clear();
  recordingKey = null;
  await transactionDone(transaction);
}
