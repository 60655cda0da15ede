import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../src/config/config';
import { buildTestApp, type TestApp } from './helper';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';

/**
 * The app for one test file, built before its tests and closed after them (a fresh database
 * per file, as `buildTestApp`). Read `.app` inside a test or hook: it does not exist before.
 */
export function useTestApp(...options: Parameters<typeof buildTestApp>): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(...options);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app(): FastifyInstance {
      if (!built) throw new Error('useTestApp: the app is built in beforeAll; read it in a test');
      return built.app;
    },
    close: async () => {
      await built?.close();
    },
  };
}

/**
 * As `useTestApp`, with the app's mail sent over SMTP to a capture server (`startSmtpCapture`),
 * started before the app and closed after it. Read `.app` and `.smtp` inside a test or hook.
 */
export function useTestAppWithSmtp(overrides: Partial<Omit<AppConfig, 'mail'>> = {}) {
  let smtp: SmtpCapture | undefined;
  let built: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    built = await buildTestApp({ ...overrides, mail: smtp.mail });
  });
  afterAll(async () => {
    await built?.close();
    await smtp?.close();
  });
  const started = () => {
    if (!built || !smtp) {
      throw new Error('useTestAppWithSmtp: the app starts in beforeAll; read it in a test');
    }
    return { app: built.app, smtp };
  };
  return {
    get app(): FastifyInstance {
      return started().app;
    },
    get smtp(): SmtpCapture {
      return started().smtp;
    },
  };
}
