import { createHash } from 'node:crypto';
import { REMEMBERED_SESSION_DAYS, SESSION_LIMITS } from '@clerkly/contracts';
import type { BetterAuthOptions } from 'better-auth';
import type { DBAdapter, DBAdapterInstance, Where } from 'better-auth/adapters';

/**
 * The session policy of issue 11, applied where every session read and write passes: the
 * adapter between better-auth and the database.
 *
 * - Tokens are stored as SHA-256 hashes, so a database dump, a WAL file or a backup holds no
 *   token anyone can sign in with. The client keeps the plain token; each lookup hashes it.
 * - Sessions follow ASVS 4.0.3 3.3.2 (level 2): without Remember Me a session ends after
 *   30 idle minutes and at most 12 hours after sign-in; with Remember Me it ends 30 days after
 *   sign-in whatever the use (never extended). `expiresAt` is always the real deadline, so
 *   better-auth's own expiry checks enforce it.
 */
const HASH_PREFIX = 'sha256:';

export const hashSessionToken = (token: string): string =>
  HASH_PREFIX + createHash('sha256').update(token).digest('base64url');

const isStoredHash = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(HASH_PREFIX);

const MINUTE = 60_000;

/** Deadline of a new session: remembered ones get the documented maximum, others the idle time. */
export function initialExpiry(rememberMe: boolean, now = Date.now()): Date {
  return new Date(
    now +
      (rememberMe
        ? REMEMBERED_SESSION_DAYS * 24 * 60 * MINUTE
        : SESSION_LIMITS.idleMinutes * MINUTE),
  );
}

/** Sliding idle deadline, capped by the absolute lifetime; null when no write is worth it. */
export function nextIdleExpiry(
  session: { expiresAt: Date; createdAt: Date },
  now = Date.now(),
): Date | null {
  const cap = session.createdAt.getTime() + SESSION_LIMITS.absoluteHours * 60 * MINUTE;
  const next = Math.min(now + SESSION_LIMITS.idleMinutes * MINUTE, cap);
  // At most one write a minute per session: activity within a minute counts as the same.
  return next - session.expiresAt.getTime() >= MINUTE ? new Date(next) : null;
}

type Mode = 'lookup' | 'mutate';

/**
 * Lookups always hash what they are given, so a stored hash presented as a token (e.g. as a
 * Bearer token) never matches. Writes also accept a stored hash as it is: `list-sessions` hands
 * them out as session identifiers, and revoking by one must work.
 */
function rewriteWhere(where: Where[] | undefined, mode: Mode) {
  const plainByHash = new Map<string, string>();
  const toStored = (value: unknown) => {
    if (typeof value !== 'string') return value;
    if (mode === 'mutate' && isStoredHash(value)) return value;
    const hashed = hashSessionToken(value);
    plainByHash.set(hashed, value);
    return hashed;
  };
  const rewritten = where?.map((clause) =>
    clause.field === 'token'
      ? {
          ...clause,
          value: Array.isArray(clause.value)
            ? (clause.value as unknown[]).map(toStored)
            : toStored(clause.value),
        }
      : clause,
  ) as Where[] | undefined;
  return { where: rewritten, plainByHash };
}

type SessionRow = Record<string, unknown> & { token?: unknown };

/** Gives the caller back the plain token it asked with; rows found otherwise keep the hash. */
function restoreToken<T>(row: T, plainByHash: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const session = row as SessionRow;
  const plain = typeof session.token === 'string' ? plainByHash.get(session.token) : undefined;
  return plain ? ({ ...session, token: plain } as T) : row;
}

function wrapAdapter<A extends Omit<DBAdapter, 'transaction'>>(inner: A): A {
  const isSession = (model: string) => model === 'session';

  /** Non-remembered sessions slide forward on use, up to the absolute limit. */
  const touch = async <T>(row: T): Promise<T> => {
    const session = row as (SessionRow & { id: string; rememberMe?: boolean }) | null;
    if (!session || session.rememberMe !== false) return row;
    const expiresAt = new Date(session.expiresAt as Date);
    if (expiresAt.getTime() <= Date.now()) return row;
    const next = nextIdleExpiry({ expiresAt, createdAt: new Date(session.createdAt as Date) });
    if (!next) return row;
    await inner.update({
      model: 'session',
      where: [{ field: 'id', value: session.id }],
      update: { expiresAt: next },
    });
    return { ...session, expiresAt: next } as T;
  };

  return {
    ...inner,
    async create(data) {
      if (!isSession(data.model)) return inner.create(data);
      const values = data.data as SessionRow;
      if (typeof values.token !== 'string') return inner.create(data);
      const created = await inner.create({
        ...data,
        data: { ...values, token: hashSessionToken(values.token) },
      });
      return { ...(created as SessionRow), token: values.token } as never;
    },
    async findOne(data) {
      if (!isSession(data.model)) return inner.findOne(data);
      const { where, plainByHash } = rewriteWhere(data.where, 'lookup');
      const row = await inner.findOne({ ...data, where: where! });
      return restoreToken(plainByHash.size > 0 ? await touch(row) : row, plainByHash);
    },
    async findMany(data) {
      if (!isSession(data.model)) return inner.findMany(data);
      const { where, plainByHash } = rewriteWhere(data.where, 'lookup');
      const rows = await inner.findMany({ ...data, where });
      return rows.map((row) => restoreToken(row, plainByHash));
    },
    async count(data) {
      if (!isSession(data.model)) return inner.count(data);
      return inner.count({ ...data, where: rewriteWhere(data.where, 'lookup').where });
    },
    async consumeOne(data) {
      if (!isSession(data.model)) return inner.consumeOne(data);
      const { where, plainByHash } = rewriteWhere(data.where, 'lookup');
      return restoreToken(await inner.consumeOne({ ...data, where: where! }), plainByHash);
    },
    async incrementOne(data) {
      if (!isSession(data.model)) return inner.incrementOne(data);
      const { where, plainByHash } = rewriteWhere(data.where, 'lookup');
      return restoreToken(await inner.incrementOne({ ...data, where: where! }), plainByHash);
    },
    async update(data) {
      if (!isSession(data.model)) return inner.update(data);
      const { where, plainByHash } = rewriteWhere(data.where, 'mutate');
      return restoreToken(await inner.update({ ...data, where: where! }), plainByHash);
    },
    async updateMany(data) {
      if (!isSession(data.model)) return inner.updateMany(data);
      return inner.updateMany({ ...data, where: rewriteWhere(data.where, 'mutate').where! });
    },
    async delete(data) {
      if (!isSession(data.model)) return inner.delete(data);
      return inner.delete({ ...data, where: rewriteWhere(data.where, 'mutate').where! });
    },
    async deleteMany(data) {
      if (!isSession(data.model)) return inner.deleteMany(data);
      return inner.deleteMany({ ...data, where: rewriteWhere(data.where, 'mutate').where! });
    },
  };
}

/** Wraps a better-auth database adapter (e.g. drizzleAdapter) with the session policy above. */
export function withSessionPolicy(base: DBAdapterInstance): DBAdapterInstance {
  return (options: BetterAuthOptions) => {
    const inner = base(options);
    const wrapped = wrapAdapter(inner);
    return {
      ...wrapped,
      transaction: (callback) => inner.transaction((trx) => callback(wrapAdapter(trx))),
    };
  };
}
