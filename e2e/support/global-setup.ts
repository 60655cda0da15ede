import { mkdirSync, rmSync } from 'node:fs';
import { createScratchPostgres } from '../../apps/api/test/scratch-postgres';
import { startAppProcess } from './app-process';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_UPLOAD_LIMIT_BYTES } from './server';

/**
 * Starts the built app exactly as `npm start` runs it, on a fresh data folder, and on a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Returns the teardown.
 */
export default async function globalSetup() {
  const dataDir = E2E_DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createScratchPostgres(serverUrl, 'clerkly_e2e');
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }

  const server = await startAppProcess({
    port: E2E_PORT,
    dataDir,
    databaseUrl,
    // Small enough that a browser test can send a recording over the limit.
    env: { UPLOAD_LIMIT_BYTES: String(E2E_UPLOAD_LIMIT_BYTES) },
  });
  console.log(`e2e: app ready at ${E2E_BASE_URL} (${serverUrl ? 'PostgreSQL' : 'PGlite'})`);

  return async () => {
    await server.kill('SIGTERM');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  };
}
