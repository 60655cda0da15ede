import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes, for the boot log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * Real delivery through nodemailer: SMTP when `SMTP_URL` is set; otherwise the embedded default
 * writes each message as an .eml file to `$DATA_DIR/outbox/`, so a clinic without a mail server
 * can still read its codes. Logs name the file, never the message content.
 */
export function createMailer(mail: AppConfig['mail'], log: FastifyBaseLogger): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    const host = new URL(mail.smtpUrl).host;
    return {
      description: `SMTP (${host})`,
      async send(message) {
        await transport.sendMail({ from: mail.from, ...message });
        log.info({ smtpHost: host }, 'E-mail sent');
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `outbox folder ${mail.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({ from: mail.from, ...message });
      await mkdir(mail.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mail.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file }, 'E-mail written to the outbox (no SMTP_URL set)');
    },
  };
}
