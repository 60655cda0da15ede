import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * Password checks allowed per (client IP, account) in a window (issue 11, replacing the account
 * lock of issue 3). Ten in fifteen minutes leaves a clinician who mistypes room to succeed and
 * caps a guesser at 40 guesses an hour per account from each address. The clinician's own
 * address is not affected, so a guesser cannot lock them out the way the account lock could.
 */
export const LOGIN_THROTTLE = { maxAttempts: 10, windowMinutes: 15 } as const;

/**
 * Claims one password check for (ip, email) and says whether it may be evaluated. One upsert,
 * atomic on PostgreSQL and PGlite: each parallel attempt gets its own count, so no more than
 * `maxAttempts` are ever evaluated in a window, however many arrive at once.
 */
export async function claimPasswordCheck(db: Db, ip: string, email: string): Promise<boolean> {
  const expired = sql`${loginAttempts.windowStart} < now() - make_interval(mins => ${LOGIN_THROTTLE.windowMinutes})`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ ip, email: email.toLowerCase(), attempts: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.ip, loginAttempts.email],
      set: {
        // Capped so refused attempts do not count up for ever.
        attempts: sql`case when ${expired} then 1 else least(${loginAttempts.attempts} + 1, ${LOGIN_THROTTLE.maxAttempts + 1}) end`,
        windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ attempts: loginAttempts.attempts });
  return (row?.attempts ?? 0) <= LOGIN_THROTTLE.maxAttempts;
}

/** The right password from this IP: its count starts again. */
export async function clearPasswordChecks(db: Db, ip: string, email: string): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.email, email.toLowerCase())));
}
