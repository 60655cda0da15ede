import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The app's data folder during the run; tests read e-mailed codes from its outbox. */
export const E2E_DATA_DIR = path.join(tmpdir(), `clerkly-e2e-${E2E_PORT}`);
export const E2E_OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
/** The app's upload limit in browser tests (a few minutes of 16 kHz WAV fit well within it). */
export const E2E_UPLOAD_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * The ports of the apps some specs start for themselves (own settings, or a process they kill).
 * Each has its own, since spec files run in parallel workers (issue 30).
 */
export const OWN_APP_PORTS = {
  billing: E2E_PORT + 1000,
  crash: E2E_PORT + 2000,
  unlimited: E2E_PORT + 3000,
  consultationModel: E2E_PORT + 4000,
} as const;
