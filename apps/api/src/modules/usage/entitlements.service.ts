import { FREE_TRIAL, LIMIT_ERROR_CODES as CODES, LIMIT_MESSAGES } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { findUserById } from '../users/users.repository';
import { hasActiveSubscription, readUsage } from './usage.repository';

/** A refusal the routes turn into a 403 with the spec's message. */
export class EntitlementError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The tier rules of spec points 6, 8 and 9, enforced on the server: a paying user (active or
 * trialing subscription) has no limits; a free-trial user has 15 sessions, 45 notes and 4
 * templates per generation; anyone else may neither create sessions nor generate notes.
 */
export async function entitlementsOf(db: Db, userId: string) {
  const [user, paying, usage] = await Promise.all([
    findUserById(db, userId),
    hasActiveSubscription(db, userId),
    readUsage(db, userId),
  ]);
  const isFreeTrial = !paying && (user?.isTrial ?? false);
  return { paying, isFreeTrial, usage };
}

export async function assertCanCreateSession(db: Db, userId: string): Promise<void> {
  const { paying, isFreeTrial, usage } = await entitlementsOf(db, userId);
  if (paying) return;
  if (!isFreeTrial) {
    throw new EntitlementError(CODES.upgradeRequired, LIMIT_MESSAGES.upgradeToCreateSessions);
  }
  if (usage.sessions >= FREE_TRIAL.sessions) {
    throw new EntitlementError(CODES.trialSessionsExhausted, LIMIT_MESSAGES.trialSessionsExhausted);
  }
}

export async function assertCanGenerateNotes(
  db: Db,
  userId: string,
  templateCount: number,
): Promise<void> {
  const { paying, isFreeTrial, usage } = await entitlementsOf(db, userId);
  if (paying) return;
  if (!isFreeTrial) {
    throw new EntitlementError(CODES.upgradeRequired, LIMIT_MESSAGES.upgradeToGenerateNotes);
  }
  if (templateCount > FREE_TRIAL.templatesPerGeneration) {
    throw new EntitlementError(CODES.trialTemplateLimit, LIMIT_MESSAGES.trialTemplateLimit);
  }
  if (usage.notes + templateCount > FREE_TRIAL.notes) {
    throw new EntitlementError(CODES.trialNotesExhausted, LIMIT_MESSAGES.trialNotesExhausted);
  }
}
