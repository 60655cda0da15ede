import { FREE_TRIAL, LIMIT_ERROR_CODES as CODES, LIMIT_MESSAGES } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findUserById } from '../users/users.repository';
import { addUsage, hasActiveSubscription, lockUsage, readUsage } from './usage.repository';

/** A refusal: a 403 with the spec's message. */
class EntitlementError extends HttpError {
  constructor(code: string, message: string) {
    super(403, code, message);
  }
}

/**
 * What a user may do (spec points 6, 8 and 9): `paid` (active or trialing subscription) and
 * `unlimited` (limits switched off, USAGE_LIMITS=off) have no limits; `trial` has 15 sessions,
 * 45 notes and 4 templates per session; `none` (neither) may neither create sessions nor generate.
 */
type Tier = 'unlimited' | 'paid' | 'trial' | 'none';

export interface NotesRequest {
  /** Notes this generation writes (one per template). */
  notes: number;
  /** Distinct templates the session will have once they are written (tabs in the notes view). */
  sessionTemplates: number;
}

/**
 * The one place that decides and counts usage. Every endpoint that creates a session or notes
 * calls `reserveSession` / `reserveNotes` inside the transaction that writes them: the check and
 * the count are one atomic step (the user's counters row is locked), so concurrent requests can
 * never pass the limit together. Usage is counted when things are created; deleting never refunds.
 */
export interface Entitlements {
  readonly limitsEnabled: boolean;
  tierOf(db: Db, userId: string): Promise<Tier>;
  /** For `GET /api/usage/`: the Usage cards. */
  usageOf(
    db: Db,
    userId: string,
  ): Promise<{ isFreeTrial: boolean; sessions: number; notes: number; access: Tier }>;
  /** Counts one session, or throws EntitlementError. Call inside the transaction that inserts it. */
  reserveSession(tx: Db, userId: string): Promise<void>;
  /**
   * Counts `request.notes` notes, or throws EntitlementError and counts nothing. A request given
   * as a function is worked out under the lock: what a session's notes were already counted for
   * cannot change between reading it and counting (issue 26).
   */
  reserveNotes(
    tx: Db,
    userId: string,
    request: NotesRequest | ((tx: Db) => Promise<NotesRequest>),
  ): Promise<void>;
  /** Gives back notes reserved for a generation that then failed (nothing was written). */
  releaseNotes(db: Db, userId: string, notes: number): Promise<void>;
  /**
   * A quick refusal before expensive work (transcription) that counts nothing; the reservation
   * afterwards is still what decides.
   */
  assertMayGenerate(db: Db, userId: string, request: NotesRequest): Promise<void>;
}

function refuseSession(tier: Tier, used: number): void {
  if (tier === 'none') {
    throw new EntitlementError(CODES.upgradeRequired, LIMIT_MESSAGES.upgradeToCreateSessions);
  }
  if (tier === 'trial' && used >= FREE_TRIAL.sessions) {
    throw new EntitlementError(CODES.trialSessionsExhausted, LIMIT_MESSAGES.trialSessionsExhausted);
  }
}

function refuseNotes(tier: Tier, used: number, request: NotesRequest): void {
  if (tier === 'none') {
    throw new EntitlementError(CODES.upgradeRequired, LIMIT_MESSAGES.upgradeToGenerateNotes);
  }
  if (tier !== 'trial') return;
  if (request.sessionTemplates > FREE_TRIAL.templatesPerGeneration) {
    throw new EntitlementError(CODES.trialTemplateLimit, LIMIT_MESSAGES.trialTemplateLimit);
  }
  if (used + request.notes > FREE_TRIAL.notes) {
    throw new EntitlementError(CODES.trialNotesExhausted, LIMIT_MESSAGES.trialNotesExhausted);
  }
}

export function createEntitlements(options: { limitsEnabled: boolean }): Entitlements {
  const tierOf = async (db: Db, userId: string): Promise<Tier> => {
    if (!options.limitsEnabled) return 'unlimited';
    // One after the other: `db` is often a transaction, one connection, and node-postgres
    // deprecates a second query sent on a connection before the first has answered.
    const user = await findUserById(db, userId);
    const paying = await hasActiveSubscription(db, userId);
    if (paying) return 'paid';
    return user?.isTrial ? 'trial' : 'none';
  };

  return {
    limitsEnabled: options.limitsEnabled,
    tierOf,
    async usageOf(db, userId) {
      const [tier, usage] = await Promise.all([tierOf(db, userId), readUsage(db, userId)]);
      return { isFreeTrial: tier === 'trial', ...usage, access: tier };
    },
    reserveSession: (db, userId) =>
      // A nested transaction is a savepoint inside the caller's, or a transaction of its own
      // when given the bare database: either way the lock lasts until the count is written.
      db.transaction(async (tx) => {
        const usage = await lockUsage(tx, userId);
        refuseSession(await tierOf(tx, userId), usage.sessions);
        await addUsage(tx, userId, { sessions: 1 });
      }),
    reserveNotes: (db, userId, request) =>
      db.transaction(async (tx) => {
        const usage = await lockUsage(tx, userId);
        const asked = typeof request === 'function' ? await request(tx) : request;
        refuseNotes(await tierOf(tx, userId), usage.notes, asked);
        await addUsage(tx, userId, { notes: asked.notes });
      }),
    async releaseNotes(db, userId, notes) {
      await addUsage(db, userId, { notes: -notes });
    },
    async assertMayGenerate(db, userId, request) {
      const [tier, usage] = await Promise.all([tierOf(db, userId), readUsage(db, userId)]);
      refuseNotes(tier, usage.notes, request);
    },
  };
}
