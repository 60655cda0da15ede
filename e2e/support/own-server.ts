import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A server process of a test's own, for tests that kill it (issue 9): the built app exactly as
 * `npm start` runs it, on the embedded PGlite in `dataDir`, on `port`. Started again on the same
 * folder and port, it is the same deployment after a crash.
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  readonly url: string;
  private readonly secrets = {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('base64'),
  };

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {
    this.url = `http://localhost:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        LOG_LEVEL: 'warn',
        RATE_LIMIT: 'off',
        ...this.secrets,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      if (exited) throw new Error('the server exited while starting');
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not become ready in 120 s');
  }

  /** SIGKILL: no shutdown code runs, as when a machine loses power. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** The latest 6-digit code this server e-mailed to `email` (its outbox folder). */
  async latestCode(email: string): Promise<string> {
    const outbox = path.join(this.dataDir, 'outbox');
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const files = existsSync(outbox) ? readdirSync(outbox).sort() : [];
      const mine = files
        .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
        .filter((mail) => mail.toLowerCase().includes(email.toLowerCase()));
      const code = mine.at(-1)?.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code e-mailed to ${email}`);
  }
}
