import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AppConfig } from '../src/config/config';

export interface SmtpCapture {
  /** Every message the server accepted, parsed, in the order it accepted them. */
  received: ParsedMail[];
  /** The app's mail settings that send to this server (no outbox to fall back on). */
  mail: AppConfig['mail'];
  /** From now on accepts no message until `release()`, as a remote server slow to answer. */
  hold(): void;
  /** Accepts the held messages and every later one. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives. Between `hold()` and `release()` it
 * accepts nothing: whatever waits for the mail waits until then, with no clock involved.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  let gate = Promise.resolve();
  let release = () => {};
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await gate;
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    mail: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Clerkly <no-reply@clerkly.test>',
      outboxDir: '/nonexistent/outbox',
    },
    hold: () => {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
