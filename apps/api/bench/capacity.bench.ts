/**
 * `npm run bench:capacity [-- --clinicians 1,2,4,6,8 --minutes 2 --modes embedded,split]`
 * (issue 25): how many clinicians one server serves at once. N simulated clinicians each play a
 * consultation into one server through the segment path at real-time pace (`--speed` plays
 * faster), starting `--stagger` seconds apart, polling the live transcript once a second as the
 * browser does; then each presses Stop and asks for two notes. Per N it prints Stop → notes
 * p50/p95/max, how far the live transcript trails the recording (p95 of the once-a-second
 * samples), the audio still untranscribed at Stop, the server's CPU per audio second (its own
 * process: HTTP, database, note engine; and its decoders), the whole machine's CPU use and the
 * errors. Before the rounds it decodes one consultation with the same recogniser directly (as
 * bench:stt does), so the limit (cores ÷ CPU-seconds per audio-second) comes from the same run.
 *
 * Modes: `embedded` is the default deployment (one process, PGlite); `split` is an `api` and a
 * `worker` process on PostgreSQL (`BENCH_DATABASE_URL`, default the local server at
 * 127.0.0.1:5432; a scratch database is created and dropped). PostgreSQL's own CPU is not in the
 * server's figures; the machine's CPU use includes it.
 *
 * `--upload` also sends each N = 1 consultation through the seed's upload-at-Stop path, for the
 * ratio of the two paths (`-- --clinicians 1 --minutes 30 --upload` is the README's 30-minute
 * figure). Not a timed test: it prints figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  API_PATHS,
  PIPELINE_POLL_MS,
  generationSchema,
  sessionTranscriptSchema,
} from '@clerkly/contracts';
import { TARGET_SAMPLE_RATE, encodeWav } from '../src/engines/audio/wav';
import { SphinxSpeechToText } from '../src/engines/stt/sphinx.stt';
import { createScratchPostgres } from '../test/scratch-postgres';
import {
  call,
  deploymentEnv,
  putSegment,
  signUp,
  startServer,
  until,
  type Clinician,
  type ServerProcess,
} from '../test/processes/harness';
import { newBenchSession, processCpu, uploadAtStopSeconds } from './bench-support';
import { consultation, segmentsOf } from './consultation-audio';

const { values } = parseArgs({
  options: {
    clinicians: { type: 'string', default: '1,2,4,6,8' },
    minutes: { type: 'string', default: '2' },
    /** Seconds between one clinician's start and the next one's. */
    stagger: { type: 'string', default: '2' },
    modes: { type: 'string', default: 'embedded,split' },
    /** Plays the recordings this many times faster than real time. */
    speed: { type: 'string', default: '1' },
    templates: { type: 'string', default: '1,2' },
    upload: { type: 'boolean', default: false },
    /** Writes V8 CPU profiles of the server processes into this folder. */
    profile: { type: 'string' },
  },
});
const counts = values.clinicians.split(',').map(Number);
const minutes = Number(values.minutes);
const staggerMs = Number(values.stagger) * 1000;
const speed = Number(values.speed);
const templateIds = values.templates.split(',').map(Number);
const modes = values.modes.split(',') as ('embedded' | 'split')[];
const cores = cpus().length;
/** The waiting time a clinician accepts after Stop (issue 25: p95 ≤ 5 s). */
const TARGET_SECONDS = 5;

if (
  counts.some((n) => !Number.isInteger(n) || n < 1) ||
  !(minutes > 0) ||
  !(speed >= 1) ||
  !(staggerMs >= 0) ||
  modes.some((mode) => mode !== 'embedded' && mode !== 'split')
) {
  process.stderr.write(
    'bench:capacity: --clinicians 1,2,4 (whole numbers), --minutes > 0, --speed ≥ 1, ' +
      '--stagger ≥ 0, --modes embedded and/or split\n',
  );
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The whole machine's busy and total CPU seconds so far (every core), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The reference: the recogniser's CPU per audio second on the same audio, decoded directly. */
async function recogniserCpuPerAudioSecond(samples: Int16Array): Promise<number> {
  const engine = new SphinxSpeechToText({ timeoutMs: 600_000 });
  const before = processCpu(process.pid).children;
  const transcript = await engine.transcribe({
    data: encodeWav(samples),
    mimeType: 'audio/wav',
    filename: 'consultation.wav',
  });
  const used = processCpu(process.pid).children - before;
  await engine.close();
  return used / transcript.durationSeconds;
}

interface ClinicianResult {
  stopToNotes: number;
  pendingAtStop: number;
  lags: number[];
  errors: string[];
}

/** One clinician: record (segments at real-time pace, live transcript polled), Stop, notes. */
async function oneClinician(
  server: ServerProcess,
  user: Clinician,
  samples: Int16Array,
): Promise<ClinicianResult> {
  const errors: string[] = [];
  const lags: number[] = [];
  const sessionId = await newBenchSession(server, user);
  const segments = segmentsOf(samples);
  const durations = segments.map((segment) => segment.length / TARGET_SAMPLE_RATE);
  const began = performance.now();
  const recordedSeconds = () => ((performance.now() - began) / 1000) * speed;
  let recording = true;

  // The browser's live transcript: how far the transcribed text trails what has been said.
  const poll = (async () => {
    while (recording) {
      await sleep(PIPELINE_POLL_MS);
      if (!recording) break;
      const response = await call(server, user, 'GET', API_PATHS.sessionTranscript(sessionId));
      if (response.status !== 200) {
        errors.push(`transcript ${response.status}`);
        continue;
      }
      const transcript = sessionTranscriptSchema.parse(await response.json());
      let transcribed = 0;
      for (const segment of transcript.segments.sort((a, b) => a.seq - b.seq)) {
        if (segment.status !== 'transcribed') break;
        transcribed += segment.durationSeconds;
      }
      lags.push(
        Math.max(0, Math.min(recordedSeconds(), samples.length / TARGET_SAMPLE_RATE) - transcribed),
      );
    }
  })();

  let played = 0;
  for (const [seq, segment] of segments.entries()) {
    played += durations[seq]!;
    // The segment exists once the recording has reached its end.
    await sleep((played / speed) * 1000 - (performance.now() - began));
    const response = await putSegment(server, user, sessionId, seq, encodeWav(segment));
    if (response.status !== 200) errors.push(`segment ${seq}: ${response.status}`);
  }
  recording = false;
  await poll;

  // Stop.
  const stop = performance.now();
  const transcript = sessionTranscriptSchema.parse(
    await (await call(server, user, 'GET', API_PATHS.sessionTranscript(sessionId))).json(),
  );
  const started = await call(server, user, 'POST', API_PATHS.sessionGenerations(sessionId), {
    templateIds,
    segmentCount: segments.length,
  });
  if (started.status !== 202) {
    errors.push(`generation ${started.status}: ${await started.text()}`);
    return { stopToNotes: Number.NaN, pendingAtStop: transcript.pendingSeconds, lags, errors };
  }
  const { id } = generationSchema.parse(await started.json());
  const done = await until(
    'notes',
    async () => {
      const response = await call(server, user, 'GET', API_PATHS.generation(id));
      if (response.status !== 200) return false;
      // Polled 4 times as often as the browser does, so the wait is measured to 0.25 s
      // without the polling itself becoming a large part of the server's work.
      const generation = generationSchema.parse(await response.json());
      return (generation.status === 'done' || generation.status === 'failed') && generation;
    },
    60 * 60_000,
    PIPELINE_POLL_MS / 4,
  );
  if (done.status !== 'done') errors.push(`generation failed: ${done.error ?? ''}`);
  return {
    stopToNotes: (performance.now() - stop) / 1000,
    pendingAtStop: transcript.pendingSeconds,
    lags,
    errors,
  };
}

interface Deployment {
  /** Where clinicians send their requests. */
  api: ServerProcess;
  /** Every process whose CPU is the server's. */
  processes: ServerProcess[];
  stop: () => Promise<void>;
}

async function deploy(mode: 'embedded' | 'split', dataDir: string): Promise<Deployment> {
  const env = deploymentEnv(dataDir, {
    LOG_LEVEL: 'error',
    USAGE_LIMITS: 'off',
    ...(values.profile
      ? {
          NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.preload.mjs')}`,
          CLERKLY_CPU_PROFILE_DIR: path.resolve(values.profile),
        }
      : {}),
  });
  if (mode === 'embedded') {
    const server = await startServer('all', env);
    return { api: server, processes: [server], stop: () => server.kill('SIGTERM').then(() => {}) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createScratchPostgres(serverUrl, 'clerkly_capacity');
  const withDatabase = { ...env, DATABASE_URL: database.url };
  // The first process migrates the database; the worker starts on it.
  const api = await startServer('api', withDatabase);
  const worker = await startServer('worker', withDatabase, { publicUrl: api.url });
  return {
    api,
    processes: [api, worker],
    stop: async () => {
      await Promise.all([api.kill('SIGTERM'), worker.kill('SIGTERM')]);
      await database.drop();
    },
  };
}

interface RoundResult {
  n: number;
  p50: number;
  p95: number;
  max: number;
  lagP95: number;
  pendingAtStop: number;
  cpuOwn: number;
  cpuDecoders: number;
  machineBusy: number;
  errors: string[];
  upload?: number;
}

async function round(deployment: Deployment, users: Clinician[], n: number): Promise<RoundResult> {
  const audios = await Promise.all(Array.from({ length: n }, (_, i) => consultation(minutes, i)));
  const cpuBefore = deployment.processes.map((server) => processCpu(server.child.pid!));
  const machineBefore = machineCpu();
  const results = await Promise.all(
    audios.map(async (samples, i) => {
      await sleep(i * staggerMs);
      return oneClinician(deployment.api, users[i]!, samples);
    }),
  );
  const cpuAfter = deployment.processes.map((server) => processCpu(server.child.pid!));
  const machineAfter = machineCpu();
  const audioSeconds =
    audios.reduce((sum, samples) => sum + samples.length, 0) / TARGET_SAMPLE_RATE;
  const delta = (key: 'own' | 'children') =>
    cpuAfter.reduce((sum, after, i) => sum + after[key] - cpuBefore[i]![key], 0);
  const waits = results.map((result) => result.stopToNotes).filter(Number.isFinite);
  const result: RoundResult = {
    n,
    p50: percentile(waits, 50),
    p95: percentile(waits, 95),
    max: Math.max(...waits),
    lagP95: percentile(
      results.flatMap((r) => r.lags),
      95,
    ),
    pendingAtStop: percentile(
      results.map((r) => r.pendingAtStop),
      50,
    ),
    cpuOwn: delta('own') / audioSeconds,
    cpuDecoders: delta('children') / audioSeconds,
    machineBusy:
      (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    errors: results.flatMap((r) => r.errors),
  };
  if (values.upload && n === 1) {
    // Printed first: the upload of a long recording takes minutes, and a failure there should
    // not lose what the segment path measured.
    console.log(
      `N = 1 segment path: Stop → notes ${fixed(result.max)} s; now the same audio as one upload at Stop`,
    );
    result.upload = await uploadAtStopSeconds(deployment.api, users[0]!, audios[0]!, templateIds);
  }
  return result;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

function report(mode: string, rows: RoundResult[], reference: number) {
  const limit = cores / reference;
  console.log(`\n${mode}: ${minutes} min consultations, templates ${templateIds.join(', ')}`);
  console.log(
    '| N | Stop → notes p50 / p95 / max (s) | live lag p95 (s) | untranscribed at Stop, median (s) ' +
      '| CPU s per audio s: server / decoders / total | machine CPU busy | errors |',
  );
  console.log('| - | - | - | - | - | - | - |');
  for (const row of rows) {
    console.log(
      `| ${row.n} | ${fixed(row.p50)} / ${fixed(row.p95)} / ${fixed(row.max)} | ${fixed(row.lagP95)} ` +
        `| ${fixed(row.pendingAtStop)} | ${fixed(row.cpuOwn, 3)} / ${fixed(row.cpuDecoders, 3)} / ` +
        `${fixed(row.cpuOwn + row.cpuDecoders, 3)} | ${fixed(row.machineBusy * 100, 0)} % ` +
        `| ${row.errors.length === 0 ? 0 : `${row.errors.length}: ${[...new Set(row.errors)].slice(0, 3).join('; ')}`} |`,
    );
    if (row.upload !== undefined) {
      console.log(
        `  N = 1, the same audio through the upload at Stop: ${row.upload.toFixed(1)} s, ` +
          `${(row.upload / row.p50).toFixed(1)}× the segment path`,
      );
    }
  }
  const within = rows.filter((row) => row.errors.length === 0 && row.p95 <= TARGET_SECONDS);
  const largest = within.length ? Math.max(...within.map((row) => row.n)) : 0;
  console.log(
    `largest N with p95 ≤ ${TARGET_SECONDS} s: ${largest}; the limit is ${cores} cores ÷ ` +
      `${reference.toFixed(3)} CPU-s per audio-s = ${limit.toFixed(1)} consultations at once, ` +
      `so ${largest} is ${((largest / limit) * 100).toFixed(0)} % of it`,
  );
}

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-capacity-'));
  try {
    console.log(
      `bench:capacity — N = ${counts.join(', ')}, ${minutes} min each, stagger ${staggerMs / 1000} s, ` +
        `speed ${speed}×, ${cores} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`,
    );
    const reference = await recogniserCpuPerAudioSecond(await consultation(minutes));
    console.log(
      `the recogniser on the same audio, decoded directly (as bench:stt): ` +
        `${reference.toFixed(3)} CPU-s per audio-s`,
    );
    for (const mode of modes) {
      const dataDir = path.join(workDir, mode);
      const deployment = await deploy(mode, dataDir);
      try {
        const users: Clinician[] = [];
        for (let i = 0; i < Math.max(...counts); i += 1) {
          users.push(
            await signUp(deployment.api, deployment.api.url, path.join(dataDir, 'outbox')),
          );
        }
        const rows: RoundResult[] = [];
        for (const n of counts) {
          const row = await round(deployment, users, n);
          rows.push(row);
          console.log(
            `${mode}, N = ${n}: Stop → notes p95 ${fixed(row.p95)} s, lag p95 ${fixed(row.lagP95)} s, ` +
              `CPU ${fixed(row.cpuOwn + row.cpuDecoders, 3)} s per audio s, ` +
              `${row.errors.length} errors (load ${loadavg()[0]!.toFixed(1)})`,
          );
        }
        report(mode, rows, reference);
      } finally {
        await deployment.stop();
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
