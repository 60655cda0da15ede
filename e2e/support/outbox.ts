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
export async function readOutbox(outboxDir = E2E_OUTBOX_DIR): Promise<OutboxMessage[]> {
  if (!existsSync(outboxDir)) return [];
  const files = readdirSync(outboxDir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(readFileSync(path.join(outboxDir, file)));
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
export async function latestCode(
  email: string,
  notBefore = 0,
  outboxDir = E2E_OUTBOX_DIR,
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mine = (await readOutbox(outboxDir)).filter((m) => m.to === email.toLowerCase());
    const code = mine.length > notBefore ? mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code e-mailed to ${email}`);
}

export async function countMessagesTo(email: string): Promise<number> {
  return (await readOutbox()).filter((m) => m.to === email.toLowerCase()).length;
}
