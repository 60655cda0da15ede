import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Failed sign-ins allowed per account before a temporary lock (issue 3; NIST SP 800-63B ≤ 100). */
export const LOGIN_LOCK = { maxFailures: 100, lockMinutes: 15 } as const;

export async function lockedUntil(db: Db, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.email, email.toLowerCase()));
  return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
}

export async function recordFailedLogin(db: Db, email: string): Promise<void> {
  const key = email.toLowerCase();
  const [row] = await db
    .insert(loginFailures)
    .values({ email: key, failedCount: 1 })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: { failedCount: sql`${loginFailures.failedCount} + 1`, updatedAt: new Date() },
    })
    .returning({ failedCount: loginFailures.failedCount });
  if (row && row.failedCount >= LOGIN_LOCK.maxFailures) {
    await db
      .update(loginFailures)
      .set({
        failedCount: 0,
        lockedUntil: new Date(Date.now() + LOGIN_LOCK.lockMinutes * 60_000),
      })
      .where(eq(loginFailures.email, key));
  }
}

export async function clearFailedLogins(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}
