/**
 * A clinic invitation link's token while its invitee signs up or signs in (issue 29,
 * docs/decisions/028). The link carries the token after `#`, so it reaches no server log; the
 * join page keeps it in this tab's session storage, sign-up and login see that one is waiting,
 * and the join page uses it once they are signed in. Shared because the clinic and auth features
 * both read it and features do not import each other.
 */
const TOKEN_KEY = 'clerkly.clinicInvitation';

export function keepInvitationToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function pendingInvitationToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function forgetInvitationToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}
