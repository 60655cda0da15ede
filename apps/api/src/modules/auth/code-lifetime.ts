import { OTP_COUNTDOWN_SECONDS } from '@clerkly/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';

/** The endpoint of the OTP screen's Resend link. */
const RESEND_PATH = '/email-otp/send-verification-otp';

/**
 * How long a code being sent lives: what the screen asking for it counts down (spec point 4,
 * issue 14). A confirmation code sent by sign-up or by signing in unconfirmed is a first code
 * (180 s); one asked for by Resend, and a reset code, live 600 s. better-auth sends every
 * confirmation code through the Resend endpoint, so the request that started it tells them apart.
 */
export function codeLifetimeSeconds(
  type: string,
  request: Request | undefined,
): (typeof OTP_COUNTDOWN_SECONDS)[keyof typeof OTP_COUNTDOWN_SECONDS] {
  if (type !== 'email-verification') return OTP_COUNTDOWN_SECONDS.afterResend;
  const resent = request !== undefined && new URL(request.url).pathname.endsWith(RESEND_PATH);
  return resent ? OTP_COUNTDOWN_SECONDS.afterResend : OTP_COUNTDOWN_SECONDS.initial;
}

/**
 * better-auth stores every code with one lifetime (the longest); a shorter one is set here, on
 * the row better-auth just wrote (its identifier is `<type>-otp-<address>`).
 */
export async function shortenCodeLife(
  db: Db,
  type: string,
  email: string,
  lifetimeSeconds: number,
): Promise<void> {
  if (lifetimeSeconds >= OTP_COUNTDOWN_SECONDS.afterResend) return;
  await db
    .update(verifications)
    .set({ expiresAt: new Date(Date.now() + lifetimeSeconds * 1000) })
    .where(eq(verifications.identifier, `${type}-otp-${email.toLowerCase()}`));
}

/**
 * Removes every stored code of `type` for the address: a code that is not e-mailed must not be
 * live (issue 23: each refused send still left a guessable code with 5 tries).
 */
export async function discardCodes(db: Db, type: string, email: string): Promise<void> {
  await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${type}-otp-${email.toLowerCase()}`));
}
