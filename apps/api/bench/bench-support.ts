import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PATHS, UPLOAD_IN_PROGRESS } from '@clerkly/contracts';
import { encodeWav } from '../src/engines/audio/wav';
import { buildEngineConfig, type EngineConfig } from '../src/config/config';
import { ConfigError, parseEnv } from '../src/config/env';
import { apiPackageRoot, repoRoot } from '../src/lib/paths';
import {
  call,
  freePort,
  waitUntilReady,
  type Clinician,
  type ServerProcess,
} from '../test/processes/harness';

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The shared data folder (speech corpora, ACI-BENCH): `CLERKLY_DATA_DIR` or `../shared/data`. */
export const benchDataDir = () =>
  process.env.CLERKLY_DATA_DIR ?? path.resolve(repoRoot(), '..', 'shared', 'data');

/**
 * The engines the environment configures, or null after saying on standard error what is wrong
 * with it (the bench then exits 2, as the CLI does).
 */
export function benchEngineConfig(bench: string): EngineConfig | null {
  try {
    return buildEngineConfig(parseEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${bench}: ${error.message}\n`);
      return null;
    }
    throw error;
  }
}

const statFields = (pid: number | 'self'): string[] => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/**
 * CPU seconds so far of process `pid` itself and of its children (the decoders), from /proc in
 * 1/100 s: the children that ended (cutime, cstime) and the ones still running, since decoders
 * stay loaded between recordings (decision 030) and a running child's time is not in its
 * parent's counters until it ends. Wall time depends on what else the machine is doing; CPU
 * time per audio second does not, so both are reported.
 */
export function processCpu(pid: number): { own: number; children: number } {
  const fields = statFields(pid);
  const tick = (values: string[], index: number) => Number(values[index]) / 100;
  let children = tick(fields, 13) + tick(fields, 14);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = statFields(Number(entry));
      if (Number(child[1]) !== pid) continue;
      children += tick(child, 11) + tick(child, 12) + tick(child, 13) + tick(child, 14);
    } catch {
      // it ended while we looked: its time is in the parent's counters by the next reading
    }
  }
  return { own: tick(fields, 11) + tick(fields, 12), children };
}

/** CPU seconds used so far by this process and its decoders (`processCpu`), or null without /proc. */
export function cpuSeconds(): number | null {
  try {
    const { own, children } = processCpu(process.pid);
    return Number.isFinite(children) ? own + children : null;
  } catch {
    return null;
  }
}

/** A new patient session for a bench clinician (consent given), as the web app creates one. */
export async function newBenchSession(
  server: Pick<ServerProcess, 'url'>,
  user: Clinician,
): Promise<number> {
  const response = await call(server, user, 'POST', API_PATHS.patientSessions, {
    firstName: 'Bench Patient',
    appointmentTypeId: 1,
    patientConsent: true,
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`new session: ${response.status}`);
  }
  return ((await response.json()) as { id: number }).id;
}

/**
 * The seed's upload-at-Stop path: the whole recording sent at once with the templates chosen;
 * returns the seconds from Stop until the server answered with the notes. A long recording is
 * answered 503 UPLOAD_IN_PROGRESS with Retry-After while its work goes on (issue 23): the same
 * upload is sent again after that wait, as a client does, and the time runs until the notes.
 */
export async function uploadAtStopSeconds(
  server: Pick<ServerProcess, 'url'>,
  user: Clinician,
  samples: Int16Array,
  templateIds: number[],
): Promise<number> {
  const sessionId = await newBenchSession(server, user);
  const wav = new Blob([new Uint8Array(encodeWav(samples))], { type: 'audio/wav' });
  const send = () => {
    const form = new FormData();
    form.append('selectedTemplateIds', JSON.stringify(templateIds));
    form.append('sessionId', String(sessionId));
    form.append('audio', wav, 'recording.wav');
    return fetch(`${server.url}${API_PATHS.upload}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: user.origin },
      body: form,
    });
  };
  const stop = performance.now();
  for (;;) {
    const response = await send();
    if (response.status === 200) return (performance.now() - stop) / 1000;
    const text = await response.text();
    if (response.status !== 503 || !text.includes(UPLOAD_IN_PROGRESS.code)) {
      throw new Error(`upload: ${response.status} ${text}`);
    }
    const retryAfter = Number(
      response.headers.get('retry-after') ?? UPLOAD_IN_PROGRESS.retryAfterSeconds,
    );
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** `call` for a bench that expects success: the JSON answer, or an error naming the route. */
export async function callJson(
  server: Pick<ServerProcess, 'url'>,
  user: Pick<Clinician, 'cookie' | 'origin'>,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await call(server, user, method, route, body);
  if (!response.ok) {
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/** Ends a child process with SIGTERM and resolves when it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The production build (`dist/server.js`, NODE_ENV=production) on a free port with a fresh
 * DATA_DIR, PGlite unless `databaseUrl` is given; `startMs` is the time until /readyz answered.
 */
export async function startProductionServer(
  dataDir: string,
  databaseUrl: string | null,
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.js'], {
    cwd: apiPackageRoot(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // Production refuses keys inside DATA_DIR (issue 23): beside it, kept across restarts.
      KEYS_DIR: `${dataDir}-keys`,
      LOG_LEVEL: 'warn',
      // The benches hammer a few routes from one address and one account.
      RATE_LIMIT: 'off',
      USAGE_LIMITS: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilReady(url, child, { what: `server at ${url}`, attempts: 3000, everyMs: 20 });
  return { url, child, startMs: performance.now() - began, stop: () => stopProcess(child) };
}

/**
 * Runs a bench's `main` as the CLI runs a command: its result is the exit code, and an error is
 * one line on standard error (`bench:notes: …`) with exit code 1.
 */
export function runBench(bench: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${bench}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
