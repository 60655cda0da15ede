import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The app's data folder during the run; tests read e-mailed codes from its outbox. */
export const E2E_DATA_DIR = path.join(tmpdir(), `clerkly-e2e-${E2E_PORT}`);
export const E2E_OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
/** The app's upload limit in browser tests (a few minutes of 16 kHz WAV fit well within it). */
export const E2E_UPLOAD_LIMIT_BYTES = 8 * 1024 * 1024;

/** Where the apps some specs start for themselves (own settings, or a process they kill) live. */
const OWN_APP_PORT_OFFSETS = {
  billing: 1000,
  crash: 2000,
  unlimited: 3000,
  consultationModel: 4000,
  record: 5000,
};

/**
 * The port and data folder of such an app. Spec files run in parallel workers (issue 30), and the
 * same spec repeated (`--repeat-each`) may run in two at once: each worker (Playwright's
 * TEST_PARALLEL_INDEX) has its own.
 */
export function ownAppPlace(app: keyof typeof OWN_APP_PORT_OFFSETS): {
  port: number;
  dataDir: string;
} {
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return {
    port: E2E_PORT + OWN_APP_PORT_OFFSETS[app] + slot,
    dataDir: `${E2E_DATA_DIR}-${app}-${slot}`,
  };
}
