import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { startAppProcess, type AppProcess } from './app-process';
import { ownAppPlace } from './server';

export interface OwnApp {
  baseUrl: string;
  outboxDir: string;
  process: AppProcess;
  /** Ends the app, then `closeFakes`, then removes its data and key folders. */
  stop: () => Promise<void>;
}

/**
 * An app of a spec's own (its port and data folder from `ownAppPlace`), started afresh with
 * `env` on top of the main app's settings. `closeFakes` shuts whatever the app talks to that the
 * test started (a Stripe or HL7 server): when the app fails to start, and after it stops.
 */
export async function startOwnApp(
  name: Parameters<typeof ownAppPlace>[0],
  env: Record<string, string>,
  closeFakes: () => Promise<void> = async () => {},
): Promise<OwnApp> {
  // A hang guard for the hook or test that starts it, not a speed budget: on a loaded machine an
  // app's start (migrations, its speech model) passed a hook's default 30 s (issue 30).
  test.setTimeout(Math.max(test.info().timeout, 180_000));
  const { port, dataDir } = ownAppPlace(name);
  const removeFolders = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  };
  removeFolders();
  mkdirSync(dataDir, { recursive: true });
  let app: AppProcess;
  try {
    app = await startAppProcess({ port, dataDir, env });
  } catch (error) {
    await closeFakes();
    throw error;
  }
  return {
    baseUrl: app.baseUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    process: app,
    stop: async () => {
      await app.kill('SIGTERM');
      await closeFakes();
      removeFolders();
    },
  };
}
