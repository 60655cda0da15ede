import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, generationSchema } from '@clerkly/contracts';
import {
  call,
  deploymentEnv,
  putSegment,
  signUp,
  speech,
  startServer,
  until,
  untilGenerationEnds,
  type ServerProcess,
} from './harness';
import { decodingRecognisers } from '../fixtures/stt/decoders';

/**
 * Issue 9 "Process roles", on PostgreSQL: two API processes and two workers share one database.
 * Runs in the PostgreSQL pass of the API tests only (scripts/run-tests.mjs): the embedded PGlite
 * database is one process by design.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The cluster test needs TEST_DATABASE_URL (a PostgreSQL server)');

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-cluster-'));
const dataDir = path.join(workDir, 'data');
const databaseName = `clerkly_cluster_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const processes: ServerProcess[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${databaseName}`));
});
afterAll(async () => {
  await Promise.all(processes.map((server) => server.kill('SIGKILL')));
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  rmSync(workDir, { recursive: true, force: true });
});

describe('two API processes and two workers on PostgreSQL', () => {
  it('a worker killed mid-job: the other finishes it, once; an API killed: the other serves', async () => {
    const env = deploymentEnv(dataDir, { DATABASE_URL: databaseUrl, TRANSCRIBE_CONCURRENCY: '1' });
    // The first process migrates the database; the others start on it.
    const api1 = await startServer('api', env);
    const publicUrl = api1.url;
    const [api2, worker1, worker2] = await Promise.all([
      startServer('api', env, { publicUrl }),
      startServer('worker', env, { publicUrl }),
      startServer('worker', env, { publicUrl }),
    ]);
    processes.push(api1, api2, worker1, worker2);

    const user = await signUp(api1, publicUrl, path.join(dataDir, 'outbox'));
    const created = await call(api2, user, 'POST', API_PATHS.patientSessions, {
      firstName: 'Sam Sample',
      appointmentTypeId: 1,
      patientConsent: true,
    });
    const sessionId = ((await created.json()) as { id: number }).id;
    const audio = [
      'I have had a cough for a week and it is worse at night.',
      'I have no fever and I am not short of breath.',
      'Take the inhaler twice a day and come back in two weeks.',
    ].map((line) => speech(workDir, line));
    // Segments arrive through either API process.
    for (const [seq, wav] of audio.entries()) {
      const via = seq % 2 === 0 ? api1 : api2;
      const response = await putSegment(via, user, sessionId, seq, wav);
      expect(response.status).toBe(200);
    }

    // Kill whichever worker is decoding first, mid-job.
    const workers = [worker1, worker2];
    const victim = await until(
      'a worker decoding a segment',
      async () => workers.find((worker) => decodingRecognisers(worker.child.pid!).length > 0),
      120_000,
      10,
    );
    await victim.kill('SIGKILL');

    const started = await call(api1, user, 'POST', API_PATHS.sessionGenerations(sessionId), {
      templateIds: [1, 2],
      segmentCount: audio.length,
    });
    expect(started.status).toBe(202);
    const { id } = generationSchema.parse(await started.json());
    const done = await untilGenerationEnds(
      'the notes, written by the surviving worker',
      api2,
      user,
      id,
      240_000,
      200,
    );
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.transcription?.split('\n')).toHaveLength(3);

    // No job lost or done twice: one pg-boss job per segment, completed; one note per template.
    const jobs = await admin(
      (client) =>
        client.query<{ segment: string; states: string[] }>(
          `select data->>'segmentId' as segment, array_agg(state::text) as states
             from pgboss.job where name = 'transcribe-segment' group by 1`,
        ),
      databaseUrl,
    );
    expect(jobs.rows).toHaveLength(3);
    for (const row of jobs.rows) expect(row.states).toEqual(['completed']);
    const outputs = await admin(
      (client) =>
        client.query(`select template_id from generation_outputs where generation_id = $1`, [id]),
      databaseUrl,
    );
    expect(outputs.rows).toHaveLength(2);
    const usage = await call(api1, user, 'GET', API_PATHS.usage);
    expect(await usage.json()).toMatchObject({ notes: 2 });

    // An API process killed: the other keeps serving the signed-in clinician.
    await api1.kill('SIGKILL');
    const me = await call(api2, user, 'GET', API_PATHS.users);
    expect(me.status).toBe(200);
    const again = await call(api2, user, 'GET', API_PATHS.generation(id));
    expect(again.status).toBe(200);
  }, 600_000);
});
