import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth';

export interface SessionUser {
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
 * pipeline. `auth.api.getSession` builds a whole endpoint context and verifies the cookie with
 * an asynchronous WebCrypto key import per request (a fifth of a signed-in read's CPU); this
 * does the same read path of better-auth's get-session for the one case that matters (a signed
 * session cookie, session refresh off):
 *
 * 1. the cookie's HMAC-SHA256 signature (better-call's format `token.base64(hmac)`), checked
 *    with node:crypto in constant time;
 * 2. `internalAdapter.findSession`, i.e. the same adapter and so the same session policy
 *    (`session-store.ts`: hashed tokens, sliding idle deadline, absolute limit);
 * 3. the expiry check.
 *
 * Anything else (no cookie but an `Authorization` header, an expired session, which better-auth
 * deletes) goes to better-auth itself, so its behaviour there is unchanged.
 */
export function createSessionReader(auth: Auth) {
  let resolved: {
    cookieName: string;
    key: string;
    findSession: (token: string) => Promise<{
      session: { expiresAt: Date };
      user: Record<string, unknown> & { id: string; email: string };
    } | null>;
  } | null = null;

  return async function readSession(headers: {
    cookie?: string | undefined;
    authorization?: string | undefined;
  }): Promise<FastSessionResult> {
    if (headers.authorization) return 'ask-better-auth';
    if (!headers.cookie) return { user: null };
    if (!resolved) {
      const context = await auth.$context;
      resolved = {
        cookieName: context.authCookies.sessionToken.name,
        key: context.secret,
        findSession: (token) => context.internalAdapter.findSession(token),
      };
    }
    const signed = cookieValue(headers.cookie, resolved.cookieName);
    if (!signed) return 'ask-better-auth';
    const dot = signed.lastIndexOf('.');
    if (dot < 1) return { user: null };
    const token = signed.slice(0, dot);
    const signature = Buffer.from(signed.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', resolved.key).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return { user: null };
    }
    const found = await resolved.findSession(token);
    if (!found || found.session.expiresAt.getTime() < Date.now()) return 'ask-better-auth';
    return {
      user: {
        id: found.user.id,
        email: found.user.email,
        isDeleted: found.user.isDeleted === true,
      },
    };
  };
}
