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
 * E-mailed code guesses per account, from every address together (issue 23, ASVS 2.2.1: with a
 * rotating X-Forwarded-For, 335 reset-code guesses reached one account in 12 s). Past the limit
 * the account's codes are discarded and no code is sent or checked until the window ends: its
 * reset (and code sign-in) is locked for the hour, its password sign-in is not. Kept in the same
 * table as password checks, under a key no client address can have.
 */
const CODE_GUESSES = { maxAttempts: 10, windowMinutes: 60 } as const;
const CODE_GUESS_KEY = 'code-guesses';

/** Claims one code guess for the account and says whether it may be checked. */
export function claimCodeGuess(db: Db, email: string): Promise<boolean> {
  return claimSlot(db, CODE_GUESS_KEY, email, CODE_GUESSES);
}

/** Whether the account has used up its code guesses for the window (its reset is locked). */
export async function codeGuessesLocked(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ attempts: loginAttempts.attempts })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, CODE_GUESS_KEY),
        eq(loginAttempts.email, email.toLowerCase()),
        sql`${loginAttempts.windowStart} >= now() - make_interval(mins => ${CODE_GUESSES.windowMinutes})`,
      ),
    );
  return (row?.attempts ?? 0) >= CODE_GUESSES.maxAttempts;
}

/** The right code: the account's count starts again. */
export async function clearCodeGuesses(db: Db, email: string): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.ip, CODE_GUESS_KEY), eq(loginAttempts.email, email.toLowerCase())));
}

/**
 * Claims one password check for (ip, email) and says whether it may be evaluated. One upsert,
 * atomic on PostgreSQL and PGlite: each parallel attempt gets its own count, so no more than
 * `maxAttempts` are ever evaluated in a window, however many arrive at once.
 */
export function claimPasswordCheck(db: Db, ip: string, email: string): Promise<boolean> {
  return claimSlot(db, ip, email, LOGIN_THROTTLE);
}

async function claimSlot(
  db: Db,
  ip: string,
  email: string,
  limits: { maxAttempts: number; windowMinutes: number },
): Promise<boolean> {
  const expired = sql`${loginAttempts.windowStart} < now() - make_interval(mins => ${limits.windowMinutes})`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ ip, email: email.toLowerCase(), attempts: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.ip, loginAttempts.email],
      set: {
        // Capped so refused attempts do not count up for ever.
        attempts: sql`case when ${expired} then 1 else least(${loginAttempts.attempts} + 1, ${limits.maxAttempts + 1}) end`,
        windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ attempts: loginAttempts.attempts });
  return (row?.attempts ?? 0) <= limits.maxAttempts;
}

/** The right password from this IP: its count starts again. */
export async function clearPasswordChecks(db: Db, ip: string, email: string): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.email, email.toLowerCase())));
}
