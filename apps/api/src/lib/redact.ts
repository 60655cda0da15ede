/** E-mail addresses anywhere in a string, as loosely as logs need (no validation). */
const EMAIL_ADDRESS = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[^\s@<>"',;:()[\]]+/g;

/**
 * A log line with its e-mail addresses replaced: third-party libraries (better-auth) write
 * messages such as "Sign-up attempt for existing email: <address>", and logs hold no personal data.
 */
export function withoutEmailAddresses(message: string): string {
  return message.replace(EMAIL_ADDRESS, '[e-mail address]');
}
