import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSends } from '../../db/schema';

/** At most this many codes per address per window, whatever the client IP (issue 3). */
export const CODE_SENDS_PER_ADDRESS = { max: 5, windowMinutes: 15 } as const;

const windowStart = () => new Date(Date.now() - CODE_SENDS_PER_ADDRESS.windowMinutes * 60_000);

export async function recordCodeSent(db: Db, email: string): Promise<void> {
  await db.insert(codeSends).values({ email: email.toLowerCase() });
  // Old rows only ever matter for the current window.
  await db.delete(codeSends).where(lt(codeSends.sentAt, new Date(Date.now() - 24 * 3600_000)));
}

export async function codeSendsInWindow(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(codeSends)
    .where(and(eq(codeSends.email, email.toLowerCase()), gt(codeSends.sentAt, windowStart())));
  return row?.value ?? 0;
}
