import type { AuditEventKind } from '@clerkly/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAuditEvent } from './audit.service';

/**
 * Identity events of the audit trail (issue 23): better-auth makes these changes itself, in its
 * own writes, so each event is recorded right after better-auth answers, from its outcome. Only
 * the user's id and address are kept, never the e-mail address that was typed.
 */
const EVENT_OF_PATH: Record<string, { ok: AuditEventKind; refused?: AuditEventKind }> = {
  '/api/auth/sign-in/email': { ok: 'auth.signed_in', refused: 'auth.sign_in_failed' },
  // Confirming the address at sign-up signs the new account in.
  '/api/auth/email-otp/verify-email': { ok: 'auth.signed_in' },
  '/api/auth/sign-out': { ok: 'auth.signed_out' },
  '/api/auth/change-password': { ok: 'auth.password_changed' },
  '/api/auth/email-otp/reset-password': { ok: 'auth.password_reset' },
};

/** Paths whose actor is the signed-in user, who must be read before better-auth answers. */
export const needsSignedInUser = (path: string) =>
  path === '/api/auth/sign-out' || path === '/api/auth/change-password';

export interface IdentityOutcome {
  path: string;
  status: number;
  /** The account the request named by e-mail (sign-in, reset), if any. */
  email: string | null;
  /** The user signed in when the request arrived (sign-out, change-password). */
  signedInUserId: string | null;
  address: string;
}

export async function recordIdentityEvent(db: Db, outcome: IdentityOutcome) {
  const events = EVENT_OF_PATH[outcome.path];
  if (!events) return;
  const ok = outcome.status >= 200 && outcome.status < 300;
  // A refused password (401/403); a throttled attempt (429) never reached the password check.
  const kind = ok
    ? events.ok
    : outcome.status === 401 || outcome.status === 403
      ? events.refused
      : undefined;
  if (!kind) return;
  let userId = outcome.signedInUserId;
  if (!userId && outcome.email) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, outcome.email));
    userId = user?.id ?? null;
  }
  await recordAuditEvent(db, { kind }, { userId, address: outcome.address });
}
