/**
 * `npm run bench:save-stall [-- --rounds 5]` (issue 23, finding 2 and the "Done when" of the
 * note history): how long `GET /healthz` waits while large saves run. The production build
 * (`dist/server.js`, PGlite in a fresh DATA_DIR, or PostgreSQL with `--database postgres`) gets saves of about 1 MB, each a 300 000-character
 * transcript and 7 notes of 100 000 characters, as the audit sent them: one at a time, then three
 * in parallel, with varied text and with one clinical sentence repeated (the audit's worst case).
 * Meanwhile this process asks for `/healthz` every 10 ms and keeps the slowest answer per save.
 * Printed per case: the median over rounds of the slowest /healthz answer and of the save's own
 * time. Each save also keeps a version of the notes (the note history), so that cost is included.
 * The figures depend on the machine's load, printed with them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '@clerkly/contracts';
import { signUp } from '../test/processes/harness';
import { createScratchPostgres } from '../test/scratch-postgres';
import { callJson, median, startProductionServer } from './bench-support';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    /** `postgres`: a fresh database on BENCH_DATABASE_URL (or 127.0.0.1:5432) instead of PGlite. */
    database: { type: 'string', default: 'pglite' },
    /** A folder for a V8 CPU profile of the server process (`--cpu-prof`), written as it stops. */
    profile: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const PROBE_EVERY_MS = 10;

const SENTENCES = [
  'The patient reports a sore throat for three days with mild fever and no cough.',
  'On examination the tonsils are enlarged with exudate and the neck nodes are tender.',
  'She is allergic to penicillin and takes no regular medication.',
  'Plan: supportive care, fluids and review in one week if not improving.',
  'Blood pressure 128 over 82, pulse 76, temperature 37.9 degrees.',
];

function text(chars: number, repetitive: boolean, salt: number): string {
  let out = '';
  for (let i = 0; out.length < chars; i += 1) {
    const sentence = repetitive ? SENTENCES[0]! : SENTENCES[(i + salt) % SENTENCES.length]!;
    out += `${sentence} `;
  }
  return out.slice(0, chars);
}

/** The slowest /healthz answer while `work` runs, probing every 10 ms from this process. */
async function slowestHealthzDuring(url: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const began = performance.now();
    await fetch(`${url}/healthz`);
    slowest = Math.max(slowest, performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  await work;
  return slowest;
}

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-save-stall-'));
  const dataDir = path.join(workDir, 'data');
  const scratch =
    values.database === 'postgres'
      ? await createScratchPostgres(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          'clerkly_bench',
        )
      : null;
  const server = await startProductionServer(
    dataDir,
    scratch?.url ?? null,
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [],
  );
  try {
    const user = await signUp(server, server.url, path.join(dataDir, 'outbox'));
    const templates = (await callJson(server, user, 'GET', API_PATHS.templates)) as {
      id: number;
    }[];
    const templateIds = templates.slice(0, 7).map((t) => t.id);
    const session = async () => {
      const created = (await callJson(server, user, 'POST', API_PATHS.patientSessions, {
        firstName: 'Bench Patient',
        appointmentTypeId: 1,
        patientConsent: true,
      })) as { id: number; version: number };
      return { id: created.id, version: created.version };
    };
    const save = async (target: { id: number; version: number }, repetitive: boolean) => {
      const began = performance.now();
      const saved = (await callJson(server, user, 'PATCH', API_PATHS.patientSession(target.id), {
        notes: templateIds.map((templateId, index) => ({
          notesContent: text(100_000, repetitive, index),
          patientSessionId: target.id,
          templateId,
        })),
        duration: 600,
        transcribedText: text(300_000, repetitive, 7),
        baseVersion: target.version,
      })) as { version: number };
      target.version = saved.version;
      return performance.now() - began;
    };

    const sessions = [await session(), await session(), await session()];
    // One save of each kind first, so the first measured round is not the server warming up.
    await save(sessions[0]!, false);
    const cases: [string, boolean, number][] = [
      ['1 save, varied text', false, 1],
      ['3 saves in parallel, varied text', false, 3],
      ['1 save, one sentence repeated', true, 1],
      ['3 saves in parallel, one sentence repeated', true, 3],
    ];
    const lines: string[] = [];
    for (const [name, repetitive, parallel] of cases) {
      const stalls: number[] = [];
      const saveMs: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const work = Promise.all(sessions.slice(0, parallel).map((s) => save(s, repetitive)));
        stalls.push(await slowestHealthzDuring(server.url, work));
        saveMs.push(Math.max(...(await work)));
      }
      lines.push(
        `${name.padEnd(44)} slowest /healthz median ${median(stalls).toFixed(1).padStart(7)} ms ` +
          `(max ${Math.max(...stalls).toFixed(1)} ms)   save median ${median(saveMs).toFixed(0)} ms`,
      );
    }
    console.log(
      `save-stall bench, ${ROUNDS} rounds, ${values.database}, load average ${loadavg()[0]!.toFixed(2)}`,
    );
    for (const line of lines) console.log(line);
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(`${dataDir}-keys`, { recursive: true, force: true });
  }
}

await main();
