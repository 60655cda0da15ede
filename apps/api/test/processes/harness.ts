import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_PATHS, SEGMENT_RULES, generationSchema, type Generation } from '@clerkly/contracts';
import { apiPackageRoot } from '../../src/lib/paths';
import { cookiesOf, newUser, readLatestCode } from '../helper';

/**
 * Real server processes for the tests that kill them (issue 9): `src/server.ts` started as
 * `npm start` would, with a role, on its own port, against a shared database and data folder.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  role: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<string>;
  kill(signal: NodeJS.Signals): Promise<string>;
}

/** The environment every process of one deployment shares: secrets, database, data folder. */
export function deploymentEnv(dataDir: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'off',
    JOB_RETRY_DELAY_SECONDS: '1',
    ...extra,
  };
}

/**
 * Resolves once `probe` (default `/readyz`) on `url` answers OK; rejects if `child` exits first,
 * or after `attempts` tries `everyMs` apart.
 */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  options: { what: string; attempts: number; everyMs: number; probe?: string },
): Promise<void> {
  const { what, attempts, everyMs, probe = '/readyz' } = options;
  let ended = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => (ended = true));
  for (let attempt = 0; ; attempt += 1) {
    if (ended) throw new Error(`${what} exited during start`);
    if (attempt > attempts) {
      throw new Error(`${what} did not become ready in ${(attempts * everyMs) / 1000} s`);
    }
    try {
      if ((await fetch(`${url}${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function startServer(
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  options: { port?: number; publicUrl?: string } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiPackageRoot(),
    env: {
      PATH: process.env.PATH,
      ...env,
      ROLE: role,
      PORT: String(port),
      PUBLIC_URL: options.publicUrl ?? env.PUBLIC_URL ?? url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  await waitUntilReady(url, child, { what: `${role} server`, attempts: 1200, everyMs: 100 });
  return {
    role,
    port,
    url,
    child,
    exited,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

/** A signed-in clinician, signed up over HTTP like a browser (Origin = the public address). */
export async function signUp(
  server: Pick<ServerProcess, 'url'>,
  publicUrl: string,
  outboxDir: string,
) {
  const user = newUser();
  const headers = { origin: publicUrl, 'content-type': 'application/json' };
  const signUpResponse = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...user, name: `${user.firstName} ${user.lastName}` }),
  });
  if (!signUpResponse.ok) throw new Error(`sign-up: ${signUpResponse.status}`);
  const otp = await readLatestCode(outboxDir, user.email);
  const verify = await fetch(`${server.url}/api/auth/email-otp/verify-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email, otp }),
  });
  if (!verify.ok) throw new Error(`verify: ${verify.status}`);
  const { user: account } = (await verify.json()) as { user: { id: string } };
  return {
    ...user,
    id: account.id,
    cookie: cookiesOf(verify.headers.getSetCookie()),
    origin: publicUrl,
  };
}

export type Clinician = Awaited<ReturnType<typeof signUp>>;

export async function call(
  server: Pick<ServerProcess, 'url'>,
  user: Pick<Clinician, 'cookie' | 'origin'>,
  method: string,
  url: string,
  body?: unknown,
  contentType = 'application/json',
) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie: user.cookie,
      origin: user.origin,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body:
      body === undefined
        ? undefined
        : Buffer.isBuffer(body)
          ? new Uint8Array(body)
          : JSON.stringify(body),
  });
}

/**
 * The generation `id` once it has ended, done or failed, as `server` answers it to `user`: read
 * every `everyMs` until `timeoutMs` (`until`, where `what` names it).
 */
export const untilGenerationEnds = (
  what: string,
  server: Pick<ServerProcess, 'url'>,
  user: Pick<Clinician, 'cookie' | 'origin'>,
  id: number,
  timeoutMs: number,
  everyMs: number,
): Promise<Generation> =>
  until(
    what,
    async () => {
      const response = await call(server, user, 'GET', API_PATHS.generation(id));
      const generation = generationSchema.parse(await response.json());
      return (generation.status === 'done' || generation.status === 'failed') && generation;
    },
    timeoutMs,
    everyMs,
  );

/** One recorded segment (a WAV) of a session, uploaded as the browser does while recording. */
export const putSegment = (
  server: Pick<ServerProcess, 'url'>,
  user: Pick<Clinician, 'cookie' | 'origin'>,
  sessionId: number,
  seq: number,
  wav: Buffer,
) =>
  call(server, user, 'PUT', API_PATHS.sessionSegment(sessionId, seq), wav, SEGMENT_RULES.mimeType);

export const isRunning = (pid: number): boolean => {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(state);
  } catch {
    return false;
  }
};

/** Real speech, 16 kHz mono 16-bit, as the browser sends segments. */
export function speech(workDir: string, text: string): Buffer {
  const raw = path.join(workDir, `raw-${randomBytes(4).toString('hex')}.wav`);
  const out = path.join(workDir, `speech-${randomBytes(4).toString('hex')}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
  return readFileSync(out);
}

/**
 * About 40 seconds of two spoken sentences, 20 s of silence between them and 12 s after: the
 * one-request upload cuts it into two segments, the first at the pause.
 */
export function twoSegmentSpeech(workDir: string, first: string, second: string): Buffer {
  const opening = path.join(workDir, `first-${randomBytes(4).toString('hex')}.wav`);
  writeFileSync(opening, speech(workDir, first));
  const padded = path.join(workDir, `padded-${randomBytes(4).toString('hex')}.wav`);
  execFileSync('sox', [opening, padded, 'pad', '0', '20']);
  const closing = path.join(workDir, `second-${randomBytes(4).toString('hex')}.wav`);
  writeFileSync(closing, speech(workDir, second));
  const joined = path.join(workDir, `joined-${randomBytes(4).toString('hex')}.wav`);
  execFileSync('sox', [padded, closing, joined, 'pad', '0', '12']);
  return readFileSync(joined);
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
