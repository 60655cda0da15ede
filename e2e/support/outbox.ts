import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_OUTBOX_DIR } from './server';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Messages the app wrote to its outbox (the embedded default has no SMTP server). */
export async function readOutbox(): Promise<OutboxMessage[]> {
  if (!existsSync(E2E_OUTBOX_DIR)) return [];
  const files = readdirSync(E2E_OUTBOX_DIR)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(readFileSync(path.join(E2E_OUTBOX_DIR, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      return {
        to: (to?.value[0]?.address ?? '').toLowerCase(),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      };
    }),
  );
}

/** The latest code e-mailed to the address, waiting briefly for it to arrive. */
export async function latestCode(email: string, notBefore = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mine = (await readOutbox()).filter((m) => m.to === email.toLowerCase());
    const code = mine.length > notBefore ? mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code e-mailed to ${email}`);
}

export async function countMessagesTo(email: string): Promise<number> {
  return (await readOutbox()).filter((m) => m.to === email.toLowerCase()).length;
}
