import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Auth } from './auth';
import { hashSessionToken, nextIdleExpiry } from './session-store';

interface SessionUser {
  id: string;
  email: string;
  isDeleted: boolean;
}

/** What the fast path found: a user, no valid session, or a case it leaves to better-auth. */
export type FastSessionResult = { user: SessionUser } | { user: null } | 'ask-better-auth';

/** The value of one cookie in a `Cookie` header, URL-decoded, or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Issue 13: the session check of every signed-in request, without better-auth's endpoint
 * pipeline. `auth.api.getSession` builds a whole endpoint context, verifies the cookie with an
 * asynchronous WebCrypto key import and reads the session and its user in two queries through
 * better-auth's adapter layer; on a signed-in read that was most of the request's CPU (writes to
 * the database socket alone were a quarter). This does the same read for the one case that
 * matters (a signed session cookie, session refresh off):
 *
 * 1. the cookie's HMAC-SHA256 signature (better-call's format `token.base64(hmac)`), checked
 *    with node:crypto in constant time;
 * 2. one prepared query for the session (by the token's hash) and its user;
 * 3. the expiry check, and the sliding idle deadline of `session-store.ts` (`nextIdleExpiry`,
 *    the same policy the adapter applies to better-auth's own reads, at most one write a
 *    minute).
 *
 * Anything else (no cookie but an `Authorization` header, an expired session, which better-auth
 * deletes) goes to better-auth itself, so its behaviour there is unchanged.
 */
export function createSessionReader(auth: Auth, db: Db) {
  let cookie: { name: string; key: string } | null = null;
  const findSession = db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      rememberMe: sessions.rememberMe,
      userId: users.id,
      email: users.email,
      isDeleted: users.isDeleted,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('clerkly_read_session');

  return async function readSession(headers: {
    cookie?: string | undefined;
    authorization?: string | undefined;
  }): Promise<FastSessionResult> {
    if (headers.authorization) return 'ask-better-auth';
    if (!headers.cookie) return { user: null };
    if (!cookie) {
      const context = await auth.$context;
      cookie = { name: context.authCookies.sessionToken.name, key: context.secret };
    }
    const signed = cookieValue(headers.cookie, cookie.name);
    if (!signed) return 'ask-better-auth';
    const dot = signed.lastIndexOf('.');
    if (dot < 1) return { user: null };
    const token = signed.slice(0, dot);
    const signature = Buffer.from(signed.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', cookie.key).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return { user: null };
    }
    const [found] = await findSession.execute({ tokenHash: hashSessionToken(token) });
    if (!found || found.expiresAt.getTime() < Date.now()) return 'ask-better-auth';
    if (!found.rememberMe) {
      const next = nextIdleExpiry(found);
      if (next) await db.update(sessions).set({ expiresAt: next }).where(eq(sessions.id, found.id));
    }
    return { user: { id: found.userId, email: found.email, isDeleted: found.isDeleted } };
  };
}
