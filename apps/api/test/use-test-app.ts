import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

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
