import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSends } from '../../db/schema';

/** At most this many codes per address per window, whatever the client IP (issue 3). */
export const CODE_SENDS_PER_ADDRESS = { max: 5, windowMinutes: 15 } as const;

const windowStart = () => new Date(Date.now() - CODE_SENDS_PER_ADDRESS.windowMinutes * 60_000);

/**
 * Records one code e-mail to `email` and says whether it may go out. Recording first and counting
 * after is safe under concurrency: parallel requests each see at least their own row, so at worst
 * one more is refused, never one more sent.
 */
export async function claimCodeSend(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .insert(codeSends)
    .values({ email: email.toLowerCase() })
    .returning({ id: codeSends.id });
  // Old rows only ever matter for the current window.
  await db.delete(codeSends).where(lt(codeSends.sentAt, new Date(Date.now() - 24 * 3600_000)));
  if ((await codeSendsInWindow(db, email)) <= CODE_SENDS_PER_ADDRESS.max) return true;
  await db.delete(codeSends).where(eq(codeSends.id, row!.id));
  return false;
}

export async function codeSendsInWindow(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(codeSends)
    .where(and(eq(codeSends.email, email.toLowerCase()), gt(codeSends.sentAt, windowStart())));
  return row?.value ?? 0;
}
