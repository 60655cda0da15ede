/**
 * `npm run bench:api [-- --rounds 3 --seconds 5 --notes 1000]` (issue 13): what the API costs per
 * request next to a bare Fastify route measured in the same run.
 *
 * For each database (PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432 in a fresh database, then
 * the embedded PGlite in a fresh DATA_DIR) it starts the production build (`dist/server.js`,
 * NODE_ENV=production; built first when missing), signs a clinician up, saves `--notes` notes and
 * runs autocannon (10 connections) against each route, interleaved with the bare route, for
 * `--rounds` rounds. Printed per route: medians of req/s, p50, p99 and the server's CPU time per
 * request (utime+stime of the server process over the run / requests), each with its ratio to the
 * bare route; plus the server's idle RSS and its peak RSS under load, and the start-up times.
 * Wall-clock figures depend on the machine's load (printed with them); ratios are what count.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '@clerkly/contracts';
import autocannon from 'autocannon';
import { apiPackageRoot, repoRoot } from '../src/lib/paths';
import { freePort, signUp, waitUntilReady } from '../test/processes/harness';
import { createScratchPostgres } from '../test/scratch-postgres';
import { callJson, median, startProductionServer, stopProcess } from './bench-support';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    notes: { type: 'string', default: '1000' },
    /** Only the routes whose name contains this text. */
    only: { type: 'string' },
    /** Write V8 CPU profiles of the app processes into this folder (node --cpu-prof). */
    profile: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const NOTES = Number(values.notes);
/** Two templates per saved session; 250 patients, as in the measurement. */
const TEMPLATES_PER_SESSION = 2;
const PATIENTS = 250;
const CONNECTIONS = 10;
const CLOCK_TICKS_PER_SECOND = 100;
const MiB = 1024 * 1024;

/** utime + stime of a process, in milliseconds. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

type Server = Awaited<ReturnType<typeof startProductionServer>>;

/** The baseline: Fastify 5 answering `GET /` with a constant, in its own Node process. */
async function startBare(): Promise<Server> {
  const port = await freePort();
  const code = `const app = (await import('fastify')).default();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const began = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: apiPackageRoot(),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, {
    probe: '/',
    what: `bare server at ${url}`,
    attempts: 3000,
    everyMs: 20,
  });
  return { url, child, startMs: performance.now() - began, stop: () => stopProcess(child) };
}

function startApp(dataDir: string, databaseUrl: string | null): Promise<Server> {
  const profiling = values.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`]
    : [];
  return startProductionServer(dataDir, databaseUrl, profiling);
}

type Clinician = Awaited<ReturnType<typeof signUp>>;

const NOTE_TEXT =
  '<h2>Subjective</h2><p>Patient reports two weeks of intermittent headache, worse in the ' +
  'evening, no visual disturbance. Sleeping poorly.</p><h2>Plan</h2><p>Review in two weeks; ' +
  'headache diary; simple analgesia as needed.</p>';

/** Saved sessions of 250 patients, two notes each, through the API like the web app saves them. */
async function seedNotes(url: string, user: Clinician) {
  const templates = (await callJson({ url }, user, 'GET', API_PATHS.templates)) as { id: number }[];
  const templateIds = templates.slice(0, TEMPLATES_PER_SESSION).map((t) => t.id);
  const sessions = Math.ceil(NOTES / TEMPLATES_PER_SESSION);
  for (let i = 0; i < sessions; i += 1) {
    const session = (await callJson({ url }, user, 'POST', API_PATHS.patientSessions, {
      firstName: `Patient ${String(i % PATIENTS).padStart(3, '0')}`,
      appointmentTypeId: 1,
      patientConsent: true,
    })) as { id: number; version: number };
    await callJson({ url }, user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: templateIds.map((templateId) => ({
        notesContent: NOTE_TEXT,
        patientSessionId: session.id,
        templateId,
      })),
      duration: 300,
      transcribedText: 'Doctor: What brings you in today? Patient: Headaches.',
      baseVersion: session.version,
    });
  }
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Measurement {
  reqPerSec: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  peakRss: number;
  errors: number;
}

async function measure(pid: number, target: Target): Promise<Measurement> {
  const cpuBefore = cpuMsOf(pid);
  let peakRss = rssOf(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 100);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  clearInterval(sampler);
  const requests = result.requests.total;
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: requests > 0 ? (cpuMsOf(pid) - cpuBefore) / requests : NaN,
    peakRss,
    errors: result.errors + result.non2xx,
  };
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

async function benchDatabase(label: string, databaseUrl: string | null, bare: Server) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-api-'));
  const dataDir = path.join(workDir, 'data');
  const first = await startApp(dataDir, databaseUrl);
  const firstStartMs = first.startMs;
  await first.stop();
  const app = await startApp(dataDir, databaseUrl);
  const pid = app.child.pid!;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRssAtStart = rssOf(pid);
  try {
    const user = await signUp(app, app.url, path.join(dataDir, 'outbox'));
    const seedBegan = performance.now();
    await seedNotes(app.url, user);
    const seedSeconds = (performance.now() - seedBegan) / 1000;
    const auth = { cookie: user.cookie, origin: user.origin };
    const pageUrl = `${app.url}${API_PATHS.savedNotesPage(user.id)}`;
    const firstPage =
      NOTES > 0 ? await callJson(app, user, 'GET', API_PATHS.savedNotesPage(user.id)) : null;
    // A later page: the one after ten pages of the default size.
    let cursor = (firstPage as { nextCursor: string | null } | null)?.nextCursor ?? null;
    for (let page = 1; page < 10 && cursor; page += 1) {
      const next = (await callJson(
        app,
        user,
        'GET',
        `${API_PATHS.savedNotesPage(user.id)}?cursor=${encodeURIComponent(cursor)}`,
      )) as { nextCursor: string | null };
      cursor = next.nextCursor;
    }
    // Idle: after seeding, once the process has settled.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRssSeeded = rssOf(pid);

    const allTargets: Target[] = [
      { name: 'GET /healthz', url: `${app.url}/healthz` },
      {
        name: 'GET /api/templates/ (signed in)',
        url: `${app.url}${API_PATHS.templates}`,
        headers: auth,
      },
      { name: 'notes list page, first', url: pageUrl, headers: auth },
      {
        name: 'notes list page, 11th',
        url: `${pageUrl}?cursor=${encodeURIComponent(cursor ?? '')}`,
        headers: auth,
      },
      {
        name: `GET /api/notes/user/{id} (all ${NOTES})`,
        url: `${app.url}${API_PATHS.savedNotes(user.id)}`,
        headers: auth,
      },
      {
        name: 'POST /api/patient-sessions/',
        url: `${app.url}${API_PATHS.patientSessions}`,
        method: 'POST' as const,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Bench Patient',
          appointmentTypeId: 1,
          patientConsent: true,
        }),
      },
    ];
    const targets = allTargets.filter(
      (t) =>
        (!values.only || t.name.includes(values.only)) && (NOTES > 0 || !t.name.includes('notes')),
    );

    const bareRounds: Measurement[] = [];
    const rounds = new Map<string, Measurement[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        // The baseline right before each target, so both see the same machine.
        bareRounds.push(await measure(bare.child.pid!, { name: 'bare', url: `${bare.url}/` }));
        rounds.get(target.name)!.push(await measure(pid, target));
      }
    }
    const summarise = (list: Measurement[]) => ({
      reqPerSec: median(list.map((m) => m.reqPerSec)),
      p50: median(list.map((m) => m.p50)),
      p99: median(list.map((m) => m.p99)),
      cpu: median(list.map((m) => m.cpuMsPerRequest)),
      peakRss: Math.max(...list.map((m) => m.peakRss)),
      errors: list.reduce((sum, m) => sum + m.errors, 0),
    });
    const base = summarise(bareRounds);
    console.log(
      `\n${label}: first start ${fmt(firstStartMs / 1000)} s, restart on existing data ${fmt(app.startMs / 1000)} s; ` +
        `seeded ${NOTES} notes in ${fmt(seedSeconds, 1)} s; ` +
        `idle RSS ${fmt(idleRssAtStart / MiB, 0)} MiB after start, ${fmt(idleRssSeeded / MiB, 0)} MiB after seeding`,
    );
    console.log(
      '| Route | req/s | × bare | p50 ms | p99 ms | CPU ms/req | × bare | peak RSS MiB | errors |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| bare Fastify \`GET /\` | ${fmt(base.reqPerSec, 0)} | 1 | ${base.p50} | ${base.p99} | ${fmt(base.cpu, 3)} | 1 | – | ${base.errors} |`,
    );
    for (const target of targets) {
      const s = summarise(rounds.get(target.name)!);
      console.log(
        `| ${target.name} | ${fmt(s.reqPerSec, 0)} | ${fmt(s.reqPerSec / base.reqPerSec, 3)} | ${s.p50} | ${s.p99} | ` +
          `${fmt(s.cpu, 3)} | ${fmt(s.cpu / base.cpu, 1)} | ${fmt(s.peakRss / MiB, 0)} | ${s.errors} |`,
      );
    }
  } finally {
    await app.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function withFreshPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { url, drop } = await createScratchPostgres(serverUrl, 'clerkly_bench');
  try {
    return await run(url);
  } finally {
    await drop();
  }
}

async function main() {
  if (!existsSync(path.join(apiPackageRoot(), 'dist', 'server.js'))) {
    console.error('Building the API (dist/server.js is missing)...');
    const built = spawnSync('npm', ['run', '-s', 'build', '-w', '@clerkly/api'], {
      cwd: repoRoot(),
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  console.log(
    `bench:api: ${ROUNDS} rounds × ${SECONDS} s per route, ${CONNECTIONS} connections; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${process.env.HOSTNAME ?? 'this machine'}`,
  );
  const bare = await startBare();
  try {
    await withFreshPostgres((url) => benchDatabase('PostgreSQL', url, bare));
    await benchDatabase('PGlite (embedded default)', null, bare);
  } finally {
    await bare.stop();
  }
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
