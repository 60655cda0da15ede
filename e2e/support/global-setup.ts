import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_UPLOAD_LIMIT_BYTES } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts the built app exactly as `npm start` runs it, on a fresh data folder, and on a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Returns the teardown.
 */
export default async function globalSetup() {
  const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!existsSync(serverEntry)) throw new Error('Build the app first: npm run build');

  const dataDir = E2E_DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let dropDatabase = async () => {};
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: E2E_BASE_URL,
    LOG_LEVEL: 'warn',
    // Every test signs up from the same loopback address; per-IP limits are covered by API tests.
    RATE_LIMIT: 'off',
    // Small enough that a browser test can send a recording over the limit.
    UPLOAD_LIMIT_BYTES: String(E2E_UPLOAD_LIMIT_BYTES),
  };
  delete env.DATABASE_URL;

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `clerkly_e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }

  const server = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited with code ${code}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      try {
        if ((await fetch(`${E2E_BASE_URL}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('server did not become ready in 120 s');
  })();
  await Promise.race([ready, exited]);
  console.log(`e2e: app ready at ${E2E_BASE_URL} (${serverUrl ? 'PostgreSQL' : 'PGlite'})`);

  return async () => {
    server.removeAllListeners('exit');
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
