import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Sends the signal and resolves once the process has ended. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The built app started as `npm start` runs it (production mode, the SPA served by the API),
 * resolved once `/readyz` answers. The browser tests' main app, the billing app and the apps the
 * crash tests kill are all started here.
 */
export async function startAppProcess(options: {
  port: number;
  dataDir: string;
  /** PostgreSQL, or the embedded PGlite in `dataDir` when absent. */
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<AppProcess> {
  if (!existsSync(serverEntry)) throw new Error('Build the app first: npm run build');
  const baseUrl = `http://localhost:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    // Production refuses keys inside DATA_DIR (issue 23): beside it, kept across restarts.
    KEYS_DIR: `${options.dataDir}-keys`,
    PUBLIC_URL: baseUrl,
    // E2E_APP_LOG_LEVEL=info shows the apps' request and job logs when a test needs looking into.
    LOG_LEVEL: process.env.E2E_APP_LOG_LEVEL ?? 'warn',
    // Every test signs up from the same loopback address; per-IP limits are covered by API tests.
    RATE_LIMIT: 'off',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never outlive the test process, even when a hook times out before the test stops it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app on port ${options.port} exited during start`);
    }
    if (attempt > 1200) {
      child.kill('SIGKILL');
      throw new Error(`the app on port ${options.port} did not become ready in 120 s`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
