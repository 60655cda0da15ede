import { PRODUCT_NAME } from '@clerkly/contracts';
import type { MailMessage } from './mailer';

export type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:520px;margin:24px auto">
<h1 style="font-size:20px;color:#1c7ed6">${escapeHtml(PRODUCT_NAME)}</h1>
<h2 style="font-size:17px">${escapeHtml(title)}</h2>${body}
<p style="color:#868e96;font-size:12px">You received this e-mail because of activity on your ${escapeHtml(PRODUCT_NAME)} account. If it was not you, you can ignore it.</p>
</body></html>`;
}

const PURPOSE_TEXT: Record<CodePurpose, { subject: string; lead: string }> = {
  'email-verification': {
    subject: `Your ${PRODUCT_NAME} verification code`,
    lead: `Use this code to confirm your e-mail address for ${PRODUCT_NAME}:`,
  },
  'forget-password': {
    subject: `Your ${PRODUCT_NAME} password reset code`,
    lead: `Use this code to set a new ${PRODUCT_NAME} password:`,
  },
  'sign-in': {
    subject: `Your ${PRODUCT_NAME} sign-in code`,
    lead: `Use this code to sign in to ${PRODUCT_NAME}:`,
  },
  'change-email': {
    subject: `Your ${PRODUCT_NAME} e-mail change code`,
    lead: `Use this code to confirm your new e-mail address for ${PRODUCT_NAME}:`,
  },
};

/** `lifetimeSeconds` is the code's real life on the server, the same the OTP screen counts down. */
export function codeMessage(
  to: string,
  code: string,
  purpose: CodePurpose,
  lifetimeSeconds: number,
): MailMessage {
  const { subject, lead } = PURPOSE_TEXT[purpose];
  const minutes = Math.round(lifetimeSeconds / 60);
  const expiry = `The code works once and expires in ${minutes} minutes.`;
  return {
    to,
    subject,
    text: `${lead}\n\n    ${code}\n\n${expiry}\n\n— ${PRODUCT_NAME}\n`,
    html: layout(subject, [
      escapeHtml(lead),
      `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
      escapeHtml(expiry),
    ]),
  };
}

export function passwordChangedMessage(to: string): MailMessage {
  const subject = `Your ${PRODUCT_NAME} password was changed`;
  const text = `The password of your ${PRODUCT_NAME} account was just changed. If you did not do this, reset your password at once and contact your administrator.`;
  return {
    to,
    subject,
    text: `${text}\n\n— ${PRODUCT_NAME}\n`,
    html: layout(subject, [escapeHtml(text)]),
  };
}

/**
 * Sent instead of a code when someone signs up with an address that already has a confirmed
 * account: the sign-up screen looks the same as for a new address (no enumeration), and only the
 * owner of the address learns it already holds an account (issue 14).
 */
export function existingAccountMessage(to: string, publicUrl: string): MailMessage {
  const subject = `Someone tried to create a ${PRODUCT_NAME} account with your address`;
  const lead = `Someone, perhaps you, just tried to create a ${PRODUCT_NAME} account with this e-mail address, which already has one. No new account was created and your password did not change.`;
  const signIn = new URL('/login', publicUrl).toString();
  const reset = new URL('/forgot-password', publicUrl).toString();
  const action =
    'If it was you, sign in with your password, or set a new one if you have forgotten it:';
  return {
    to,
    subject,
    text: `${lead}\n\n${action}\n\n    Sign in: ${signIn}\n    Reset your password: ${reset}\n\nIf it was not you, you can ignore this e-mail.\n\n— ${PRODUCT_NAME}\n`,
    html: layout(subject, [
      escapeHtml(lead),
      escapeHtml(action),
      `<a href="${escapeHtml(signIn)}">Sign in</a> · <a href="${escapeHtml(reset)}">Reset your password</a>`,
    ]),
  };
}

/**
 * An invitation to a clinic (issue 29): the link carries the single-use token after `#`, so it
 * never reaches a server log or a Referer; it works once and expires after `hours`.
 */
export function clinicInvitationMessage(
  to: string,
  clinicName: string,
  link: string,
  hours: number,
): MailMessage {
  const subject = `You are invited to join ${clinicName} on ${PRODUCT_NAME}`;
  const lead = `You have been invited to join the clinic "${clinicName}" on ${PRODUCT_NAME}. Open the link to join; if you have no account yet, you can create one with this e-mail address on the way.`;
  const expiry = `The link works once and expires in ${hours} hours.`;
  return {
    to,
    subject,
    text: `${lead}\n\n    ${link}\n\n${expiry}\n\n— ${PRODUCT_NAME}\n`,
    html: layout(subject, [
      escapeHtml(lead),
      `<a href="${escapeHtml(link)}">Join ${escapeHtml(clinicName)}</a>`,
      escapeHtml(expiry),
    ]),
  };
}
